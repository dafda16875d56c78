import Foundation
import StackExchangeReplica
import Terminal

/// Peak RSS while a gzip bomb is refused: the real stackterm on a pseudo-terminal loads its first page,
/// then reloads into a 1 MB gzip body that inflates to 1 GB (sent with `Content-Encoding: gzip`, so libcurl
/// inflates it). The row is the process's peak (VmHWM) after the refusal, above its resident size before it.
enum GzipBombBenchmarks {
    static func register(_ runner: inout BenchmarkRunner) {
        guard runner.includes("gzip bomb") else { return }
        let stackterm = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stackterm").path
        guard FileManager.default.isExecutableFile(atPath: stackterm) else { return }
        let inflated = runner.isSmoke ? 64 << 20 : 1 << 30
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stackterm-bench-bomb-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let replica = ColdStartBenchmarks.startReplica()
        defer { ColdStartBenchmarks.stopReplica(replica) }
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": directory.path,
            "XDG_CACHE_HOME": directory.path + "/cache", "XDG_DATA_HOME": directory.path + "/data",
            "XDG_CONFIG_HOME": directory.path + "/config",
        ]
        let trace = directory.appendingPathComponent("trace.jsonl").path
        func traced(_ text: String) -> Bool { (try? String(contentsOfFile: trace, encoding: .utf8))?.contains(text) ?? false }
        let arguments = [stackterm, "--api-base", replica.baseURL.absoluteString, "--trace", trace]
        guard let terminal = try? PseudoTerminal(
            arguments, environment: environment, width: 120, height: 40, answering: ColdStartBenchmarks.terminalAnswers)
        else { return }
        defer { terminal.stop() }
        let clock = ContinuousClock()
        func wait(for condition: () -> Bool) -> Bool {
            let start = clock.now
            while !condition(), clock.now - start < .seconds(60) { usleep(10_000) }
            return condition()
        }
        guard wait(for: { traced("\"rows\":30,") }) else {
            print("  (gzip bomb row skipped: the first page never showed)", to: &standardError)
            return
        }
        // The reload window (2 s) must pass, and the process settle, before the idle figure is read.
        usleep(2_500_000)
        let idle = MemoryBenchmarks.residentKiB(of: terminal.pid)
        replica.injectFault(.gzipBomb(inflatedBytes: inflated, declared: true, path: "/2.3/questions"), count: 10)
        let before = replica.requestCount(pathPrefix: "/2.3/questions")
        terminal.type("r")
        guard wait(for: { replica.requestCount(pathPrefix: "/2.3/questions") > before && traced("\"outcome\":\"error\"") }) else {
            print("  (gzip bomb row skipped: the reload never ended in an error)", to: &standardError)
            return
        }
        let peak = peakKiB(of: terminal.pid)
        let above = Double(peak - idle) / 1024
        runner.record(.init(
            measure: "peak RSS while a gzip bomb (\(inflated >> 20) MB inflated) is refused, above idle (real process)",
            median: String(format: "%.1f MB", above), tail: String(format: "idle %.1f MB, peak %.1f MB", Double(idle) / 1024, Double(peak) / 1024),
            target: "≤ 60 MB", passed: above <= 60))
    }

    /// The process's peak resident size (VmHWM), in KiB.
    static func peakKiB(of pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
    }
}
