import Foundation
#if canImport(Glibc)
import Glibc
#endif
import StackExchangeReplica
import Terminal

/// Cold first paint: the real `stackterm` started on a pseudo-terminal against the replica, timed from exec to
/// its first list row on the terminal, beside `curl` fetching the same page in the same run.
enum ColdStartBenchmarks {
    static let width = 120
    static let height = 40

    static func register(_ runner: inout BenchmarkRunner) {
        guard runner.includes("cold first paint") else { return }
        let stackterm = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stackterm").path
        guard FileManager.default.isExecutableFile(atPath: stackterm) else {
            print("  (cold first paint skipped: no stackterm beside the benchmark; build it too)", to: &standardError)
            return
        }
        let replica = startReplica()
        defer { stopReplica(replica) }
        let base = replica.baseURL.absoluteString
        let page = "\(base)/questions?page=1&pagesize=30&order=desc&sort=activity&site=stackoverflow"
        let runs = runner.isSmoke ? 2 : 15
        var stacktermTimes: [Double] = []
        var curlTimes: [Double] = []
        for _ in 0..<runs {
            if let time = firstPaint(stackterm: stackterm, base: base, trace: nil) { stacktermTimes.append(time) }
            if let time = curl(page) { curlTimes.append(time) }
        }
        let stacktermSample = Sample(stacktermTimes)
        let curlSample = Sample(curlTimes)
        let ratio = curlSample.median > 0 ? stacktermSample.median / curlSample.median : 0
        runner.record(.init(
            measure: "cold first paint (exec → first row on a 120x40 pty)", median: BenchmarkRunner.ms(stacktermSample.median),
            tail: "min \(BenchmarkRunner.ms(stacktermSample.min)), max \(BenchmarkRunner.ms(stacktermSample.max)) (n=\(stacktermTimes.count))",
            target: "≤ 3× curl", passed: stacktermTimes.isEmpty || curlTimes.isEmpty ? nil : ratio <= 3,
            note: String(format: "%.1f× curl; %@", ratio, breakdown(stackterm: stackterm, base: base, runs: runner.isSmoke ? 1 : 7))
        ))
        runner.record(.init(
            measure: "curl, same page, same replica (exec → exit)", median: BenchmarkRunner.ms(curlSample.median),
            tail: "min \(BenchmarkRunner.ms(curlSample.min)), max \(BenchmarkRunner.ms(curlSample.max)) (n=\(curlTimes.count))",
            target: "—", passed: nil
        ))
    }

    /// What the benchmarks' pseudo-terminals answer, as every terminal does: DA1 (here a VT220 with colour, as xterm
    /// says without sixel). The start-up's pictures probe ends on that answer; a pty that stays silent would hold
    /// every start for the probe's whole deadline, which no person's terminal does.
    static let terminalAnswers = ["\u{1B}[c": "\u{1B}[?62;22c"]

    /// Milliseconds from starting stackterm to `1/30` (the status of a loaded first page) on its terminal.
    ///
    /// The store lives under `storeRoot`; without one, a fresh empty directory each time, so the start stays cold.
    static func firstPaint(stackterm: String, base: String, trace: String?, storeRoot: String? = nil) -> Double? {
        let root = storeRoot ?? NSTemporaryDirectory() + "stackterm-bench-cold-\(UUID().uuidString)"
        defer { if storeRoot == nil { try? FileManager.default.removeItem(atPath: root) } }
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
            "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data",
        ]
        let arguments = [stackterm, "--api-base", base] + (trace.map { ["--trace", $0] } ?? [])
        let clock = ContinuousClock()
        let start = clock.now
        guard let terminal = try? PseudoTerminal(
            arguments, environment: environment, width: width, height: height, answering: terminalAnswers)
        else { return nil }
        defer { terminal.stop() }
        while !terminal.hasWritten("1/30") {
            if clock.now - start > .seconds(10) { return nil }
            usleep(100)
        }
        return BenchmarkRunner.milliseconds(clock.now - start)
    }

    /// Milliseconds for `curl` to fetch `url` (gzip, as stackterm asks) and exit.
    ///
    /// Started with posix_spawn and reaped with waitpid: Foundation's `Process.waitUntilExit` looks every 50 ms,
    /// which made every curl here take 50–54 ms (a quiet curl of the page takes about 9).
    static func curl(_ url: String) -> Double? {
        let clock = ContinuousClock()
        let start = clock.now
        guard let pid = TmuxServer.spawn(["/usr/bin/curl", "-s", "-o", "/dev/null", "--compressed", url]),
              let status = TmuxServer.reap(pid)
        else { return nil }
        let elapsed = BenchmarkRunner.milliseconds(clock.now - start)
        return status == 0 ? elapsed : nil
    }

    /// Where a cold start's time went: the median `t` of each start-up mark, the first response and the first
    /// row over `runs` traced starts.
    static func breakdown(stackterm: String, base: String, runs: Int, storeRoot: String? = nil) -> String {
        let trace = NSTemporaryDirectory() + "stackterm-bench-trace-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let order = ["swift-main", "parsed", "main", "client", "curses", "first-request", "libcurl", "response", "first row"]
        var samples: [String: [Double]] = [:]
        for _ in 0..<runs {
            guard firstPaint(stackterm: stackterm, base: base, trace: trace, storeRoot: storeRoot) != nil,
                  let text = try? String(contentsOfFile: trace, encoding: .utf8) else { continue }
            var seen: Set<String> = []
            for line in text.split(separator: "\n") {
                guard let event = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                      let t = event["t"] as? Double, let kind = event["ev"] as? String else { continue }
                let step: String? = switch kind {
                case "mark": event["name"] as? String
                case "response": "response"
                case "frame" where (event["rows"] as? Int ?? 0) > 0: "first row"
                default: nil
                }
                guard let step, seen.insert(step).inserted else { continue }
                samples[step, default: []].append(t)
            }
        }
        let steps = order.compactMap { step in samples[step].map { String(format: "%@ %.1f", step, Sample($0).median) } }
        return steps.isEmpty ? "no trace" : "median trace t (ms since exec): " + steps.joined(separator: ", ")
    }

    static func startReplica(dataDirectory: URL? = nil) -> ReplicaServer {
        let started = Locked<ReplicaServer?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            var options = ReplicaOptions(dataDirectory: dataDirectory, quota: 1_000_000)
            // Launch after launch sends more than the API's 30 a second at times; a throttled launch never paints.
            options.maxRequestsPerSecond = nil
            started.set(try? await ReplicaServer.start(options))
            done.signal()
        }
        done.wait()
        guard let replica = started.get() else { fatalError("the replica would not start") }
        return replica
    }

    static func stopReplica(_ replica: ReplicaServer) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            try? await replica.shutdown()
            done.signal()
        }
        done.wait()
    }
}

/// A value handed between a task and the benchmark's main thread.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ newValue: Value) { lock.lock(); value = newValue; lock.unlock() }
    func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
}
