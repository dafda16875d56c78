import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// how often an idle stackterm with watches wakes up. stackterm runs in tmux against the replica with two
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
        // Two stackterms side by side over the same minute: one watching, one not, so what watching adds is the
        // difference (a dispatch thread of every stackterm wakes about once a second, watching or not).
        var pids: [pid_t] = []
        for watching in [true, false] {
            let root = NSTemporaryDirectory() + "stackterm-bench-watch-\(getpid())-\(watching)"
            try? FileManager.default.createDirectory(atPath: root + "/config/stackterm", withIntermediateDirectories: true)
            if watching {
                try? "[watch]\ntags = [\"rust\", \"swift\"]\n".write(
                    toFile: root + "/config/stackterm/config.toml", atomically: true, encoding: .utf8)
            }
            let name = watching ? "watching" : "idle"
            guard tmux.start(stackterm, base: replica.baseURL.absoluteString, root: root, name: name) != nil else { return }
            let trace = root + "/trace.jsonl"
            let shown = TmuxServer.poll(seconds: 15) {
                TmuxServer.events(trace).contains { $0["ev"] as? String == "frame" && ($0["rows"] as? Int ?? 0) > 0 }
            }
            guard shown, let pid = tmux.pid(of: trace) else {
                print("  (watch wake-ups: stackterm did not show its first page)", to: &standardError)
                return
            }
            pids.append(pid)
        }
        defer {
            for watching in [true, false] {
                try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "stackterm-bench-watch-\(getpid())-\(watching)")
            }
        }
        // The first poll and the start-up's idle work settle first.
        sleep(3)
        let seconds: UInt32 = runner.isSmoke ? 10 : 60
        let before = pids.map(switches)
        sleep(seconds)
        let after = pids.map(switches)
        // Per thread: a thread there at both readings counts its difference, one started since counts all of its own
        // (one that ended meanwhile is lost: the count is a floor, which a busy loop would still far exceed).
        let perMinute = (0..<pids.count).map { index in
            Double(after[index].reduce(0) { $0 + $1.value - (before[index][$1.key] ?? 0) }) * 60 / Double(seconds)
        }
        let added = perMinute[0] - perMinute[1]
        runner.record(BenchmarkRunner.Row(
            measure: name, median: String(format: "%.0f a minute", perMinute[0]),
            tail: String(format: "%.0f a minute more than the same stackterm watching nothing (%.0f)", added, perMinute[1]),
            target: "≤ 5 a minute added (no busy loop)", passed: added <= 5,
            note: "all threads' context switches over \(seconds) s; the poll timer fires once an interval (2 min)"))
    }

    /// The context switches (voluntary and not) of each thread of `pid` so far, by thread id.
    static func switches(_ pid: pid_t) -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var counts: [String: Int] = [:]
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.contains("ctxt_switches:") {
                counts[task, default: 0] += Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
            }
        }
        return counts
    }
}
