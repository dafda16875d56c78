import Foundation
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
            note: String(format: "%.1f× curl; %@", ratio, breakdown(stackterm: stackterm, base: base))
        ))
        runner.record(.init(
            measure: "curl, same page, same replica (exec → exit)", median: BenchmarkRunner.ms(curlSample.median),
            tail: "min \(BenchmarkRunner.ms(curlSample.min)), max \(BenchmarkRunner.ms(curlSample.max)) (n=\(curlTimes.count))",
            target: "—", passed: nil
        ))
    }

    /// Milliseconds from starting stackterm to `1/30` (the status of a loaded first page) on its terminal.
    static func firstPaint(stackterm: String, base: String, trace: String?) -> Double? {
        let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let arguments = [stackterm, "--api-base", base] + (trace.map { ["--trace", $0] } ?? [])
        let clock = ContinuousClock()
        let start = clock.now
        guard let terminal = try? PseudoTerminal(arguments, environment: environment, width: width, height: height) else { return nil }
        defer { terminal.stop() }
        while !terminal.hasWritten("1/30") {
            if clock.now - start > .seconds(10) { return nil }
            usleep(100)
        }
        return BenchmarkRunner.milliseconds(clock.now - start)
    }

    /// Milliseconds for `curl` to fetch `url` (gzip, as stackterm asks) and exit.
    static func curl(_ url: String) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-o", "/dev/null", "--compressed", url]
        let clock = ContinuousClock()
        let start = clock.now
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? BenchmarkRunner.milliseconds(clock.now - start) : nil
    }

    /// Where one cold start's time went, from its trace: `t` of each start-up mark, the response and the first row.
    static func breakdown(stackterm: String, base: String) -> String {
        let trace = NSTemporaryDirectory() + "stackterm-bench-trace-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        guard firstPaint(stackterm: stackterm, base: base, trace: trace) != nil,
              let text = try? String(contentsOfFile: trace, encoding: .utf8) else { return "no trace" }
        var steps: [String] = []
        var sawRows = false
        for line in text.split(separator: "\n") {
            guard let event = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let t = event["t"] as? Double, let kind = event["ev"] as? String else { continue }
            switch kind {
            case "mark": steps.append("\(event["name"] as? String ?? "?") \(t)")
            case "request" where steps.allSatisfy { !$0.hasPrefix("request") }: steps.append("request \(t)")
            case "response" where steps.allSatisfy { !$0.hasPrefix("response") }: steps.append("response \(t)")
            case "frame" where !sawRows && (event["rows"] as? Int ?? 0) > 0:
                sawRows = true
                steps.append("first row \(t)")
            default: break
            }
        }
        return "trace t (ms since exec): " + steps.joined(separator: ", ")
    }

    static func startReplica() -> ReplicaServer {
        let started = Locked<ReplicaServer?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            started.set(try? await ReplicaServer.start(ReplicaOptions(quota: 1_000_000)))
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
