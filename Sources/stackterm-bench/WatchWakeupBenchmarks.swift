import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Issue 30: how often an idle stackterm with watches wakes up. stackterm runs in tmux against the replica with two
/// watched tags at the default interval; after its first frame, the context switches of all its threads
/// (`/proc/PID/task/*/status`, voluntary and not) are counted over a minute (`--smoke`: 10 s, scaled). A busy loop
/// would show thousands; a timer at the poll schedule's next time shows a handful.
enum WatchWakeupBenchmarks {
    static let name = "watch: wake-ups a minute of an idle stackterm watching 2 tags (tmux)"

    static func register(_ runner: inout BenchmarkRunner) {
        guard runner.includes(name) else { return }
        let stackterm = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stackterm").path
        guard FileManager.default.isExecutableFile(atPath: stackterm), CallgrindBenchmarks.which("tmux") != nil else {
            print("  (watch wake-ups skipped: no stackterm beside the benchmark, or no tmux)", to: &standardError)
            return
        }
        let replica = ColdStartBenchmarks.startReplica()
        defer { ColdStartBenchmarks.stopReplica(replica) }
        let tmux = TmuxServer()
        defer { tmux.kill() }
        let root = NSTemporaryDirectory() + "stackterm-bench-watch-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try? FileManager.default.createDirectory(atPath: root + "/config/stackterm", withIntermediateDirectories: true)
        try? "[watch]\ntags = [\"rust\", \"swift\"]\n".write(toFile: root + "/config/stackterm/config.toml", atomically: true, encoding: .utf8)
        guard let session = tmux.start(stackterm, base: replica.baseURL.absoluteString, root: root, name: "watch") else { return }
        defer { tmux.kill(session) }
        let trace = root + "/trace.jsonl"
        let shown = TmuxServer.poll(seconds: 15) {
            TmuxServer.events(trace).contains { $0["ev"] as? String == "frame" && ($0["rows"] as? Int ?? 0) > 0 }
        }
        guard shown, let pid = tmux.pid(of: trace) else {
            print("  (watch wake-ups: stackterm did not show its first page)", to: &standardError)
            return
        }
        // The first poll and the start-up's idle work settle first.
        sleep(3)
        let seconds: UInt32 = runner.isSmoke ? 10 : 60
        let before = switches(pid)
        sleep(seconds)
        let after = switches(pid)
        let perMinute = Double(after - before) * 60 / Double(seconds)
        runner.record(BenchmarkRunner.Row(
            measure: name, median: String(format: "%.0f a minute", perMinute),
            tail: "\(after - before) context switches in \(seconds) s, all threads",
            target: "≤ 60 a minute (no busy loop)", passed: perMinute <= 60,
            note: "interval \(2) min; the wake-ups are the poll timer's, the network's threads and the store's"))
    }

    /// The context switches of every thread of `pid` so far.
    static func switches(_ pid: pid_t) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var total = 0
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.contains("ctxt_switches:") {
                total += Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
            }
        }
        return total
    }
}
