import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// `scripts/demo` launched again with nothing changed, timed from exec to the list on its terminal (a
/// relaunch took 13 s, 10.5 of them SwiftPM checking the replica). Each launch has XDG directories of its own, as
/// `scripts/demo --signed-in` and a person with another `XDG_CACHE_HOME` have: nothing may be built again.
enum DemoRelaunchBenchmarks {
    static let name = "demo relaunch with nothing changed → list shown"

    static func register(_ runner: inout BenchmarkRunner) {
        guard runner.includes(name) else { return }
        // Not in a smoke run (scripts/test): the demo's replica outlived its launch there and held the pipe the row
        // reads, so the run never ended. The full run keeps the row.
        guard !runner.isSmoke else {
            print("  (\(name) skipped in a smoke run)", to: &standardError)
            return
        }
        guard let checkout = checkout() else {
            print("  (\(name) skipped: no scripts/demo above the benchmark)", to: &standardError)
            return
        }
        // The first launch builds when the sources changed since the demo's last build: not timed. A smoke run (as
        // scripts/test's) never builds: it uses what the demo built last, or skips the row.
        let options = runner.isSmoke ? ["--skip-build"] : []
        guard launch(checkout: checkout, options: options, within: .seconds(1_800)) != nil else {
            print("  (\(name) skipped: scripts/demo \(options.joined()) did not show the list)", to: &standardError)
            return
        }
        let runs = runner.isSmoke ? 2 : 7
        let times = (0..<runs).compactMap { _ in launch(checkout: checkout, options: options, within: .seconds(60)) }
        let sample = Sample(times)
        runner.record(.init(
            measure: "\(name) (exec → first page on a 120x40 pty)", median: BenchmarkRunner.ms(sample.median),
            tail: "min \(BenchmarkRunner.ms(sample.min)), max \(BenchmarkRunner.ms(sample.max)) (n=\(times.count))",
            target: "≤ 3 s", passed: times.count == runs ? sample.max <= 3_000 : false,
            note: "the demo's 250 ms of replica latency included"
        ))
    }

    /// The checkout the benchmark was built in: the first directory above it with `scripts/demo`.
    static func checkout() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("scripts/demo").path) { return directory }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// Milliseconds from starting `scripts/demo` to the first page's status (`1/30`) on its terminal; then `q` ends
    /// stackterm, and the demo stops its replica and exits.
    static func launch(checkout: URL, options: [String], within limit: Duration) -> Double? {
        let root = NSTemporaryDirectory() + "stackterm-bench-demo-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The person's own HOME: SwiftPM builds everything again under another one (seen: 4 minutes), and stackterm,
        // with every XDG directory set, reads and writes nothing there.
        let own = ProcessInfo.processInfo.environment
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": own["PATH"] ?? "/usr/bin:/bin", "HOME": own["HOME"] ?? root,
            "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config",
        ]
        let clock = ContinuousClock()
        let start = clock.now
        guard let terminal = try? PseudoTerminal(["/bin/bash", checkout.appendingPathComponent("scripts/demo").path] + options,
                                                 environment: environment, width: 120, height: 40,
                                                 answering: ColdStartBenchmarks.terminalAnswers)
        else { return nil }
        var shown: Double?
        while clock.now - start < limit {
            if terminal.hasWritten("1/30") {
                shown = BenchmarkRunner.milliseconds(clock.now - start)
                break
            }
            usleep(1_000)
        }
        // SIGTERM alone would wait: bash runs its trap only once stackterm, in the foreground, has ended.
        terminal.type("q")
        terminal.stop()
        return shown
    }
}
