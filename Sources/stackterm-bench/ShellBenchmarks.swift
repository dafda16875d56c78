import Foundation
#if canImport(Glibc)
import Glibc
#endif
import StackExchangeReplica
import Terminal

/// asking from the shell, timed as whole processes against `curl` of the same requests in the same
/// run, against one replica. Every process (stackterm and curl alike) starts through `/usr/bin/env`, which gives it
/// private XDG directories (never the real home).
enum ShellBenchmarks {
    static let query = "reflog"
    static let sites = ["stackoverflow", "unix", "superuser"]

    static func register(_ runner: inout BenchmarkRunner) {
        let names = ["stackterm --print", "stackterm --json -n 5", "stackterm URL"]
        guard names.contains(where: runner.includes) else { return }
        let stackterm = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stackterm").path
        guard FileManager.default.isExecutableFile(atPath: stackterm) else {
            print("  (shell rows skipped: no stackterm beside the benchmark; build it too)", to: &standardError)
            return
        }
        let replica = ColdStartBenchmarks.startReplica()
        defer { ColdStartBenchmarks.stopReplica(replica) }
        let base = replica.baseURL.absoluteString
        let root = NSTemporaryDirectory() + "stackterm-bench-shell-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let env = ["/usr/bin/env", "XDG_CACHE_HOME=\(root)/cache", "XDG_DATA_HOME=\(root)/data", "XDG_CONFIG_HOME=\(root)/config"]
        // The filter stackterm makes (the same fields, so the same name): curl asks the same search with it.
        let filter = createdFilter(base: base)
        func search(_ site: String, pageSize: Int) -> String {
            "\(base)/search/advanced?page=1&pagesize=\(pageSize)&order=desc&sort=relevance&q=\(query)&site=\(site)&filter=\(filter)"
        }
        let runs = runner.isSmoke ? 2 : 15
        if runner.includes("stackterm --print") {
            compare(&runner, measure: "stackterm --print QUERY, one site (exec → exit)", target: 1.5, runs: runs,
                    stackterm: env + [stackterm, "--api-base", base, "--print", query], curls: [env + curlArguments(search("stackoverflow", pageSize: 1))])
        }
        if runner.includes("stackterm --json -n 5") {
            let arguments = env + [stackterm, "--api-base", base, "--json", "-n", "5"] + sites.flatMap { ["--site", $0] } + [query]
            compare(&runner, measure: "stackterm --json -n 5 QUERY, 3 sites (exec → exit)", target: 2, runs: runs,
                    stackterm: arguments, curls: sites.map { env + curlArguments(search($0, pageSize: 5)) })
        }
        if runner.includes("stackterm URL") {
            linkRows(&runner, stackterm: stackterm, base: base, root: root, env: env, runs: runs)
        }
    }

    /// `stackterm URL` to the question's first frame, against curl of the one request it sends (`/questions/{id}` with
    /// the filter that embeds the answers: `EmbeddedAnswersFilter`), each run a question the store does not hold.
    ///
    /// The row with a target is a launch after the first: the store and the filter's name kept beside it, as for a person
    /// who has run stackterm before (and as the `--print` rows run). The very first launch (an empty store, no filter
    /// made yet: two requests, and the filter made after the frame) is a row of its own, without a target.
    static func linkRows(_ runner: inout BenchmarkRunner, stackterm: String, base: String, root: String, env: [String], runs: Int) {
        let ids = questionIDs(base: base, count: runs + 1)
        guard ids.count == runs + 1 else {
            print("  (link rows skipped: the replica listed \(ids.count) questions)", to: &standardError)
            return
        }
        let embedding = createdFilter(base: base, filterBase: "withbody", include: ["question.answers"])
        func link(_ id: Int) -> String { "https://stackoverflow.com/questions/\(id)" }
        func curl(_ id: Int, filter: String) -> Double? {
            timed(env + curlArguments("\(base)/questions/\(id)?pagesize=1&site=stackoverflow&filter=\(filter)"))
        }
        let kept = root + "/pty-cache-kept"
        // One launch first, untimed: it makes the store and the filter, as any first launch does.
        _ = firstFrame(stackterm: stackterm, base: base, link: link(ids[runs]), root: root, cache: kept)
        var times: [Double] = [], curlTimes: [Double] = []
        var firstTimes: [Double] = [], firstCurlTimes: [Double] = []
        for id in ids.prefix(runs) {
            if let time = firstFrame(stackterm: stackterm, base: base, link: link(id), root: root, cache: kept) { times.append(time) }
            if let time = curl(id, filter: embedding) { curlTimes.append(time) }
            let fresh = root + "/pty-cache-\(UUID().uuidString)"
            if let time = firstFrame(stackterm: stackterm, base: base, link: link(id), root: root, cache: fresh) { firstTimes.append(time) }
            if let time = curl(id, filter: "withbody") { firstCurlTimes.append(time) }
        }
        record(&runner, measure: "stackterm URL (exec → the question's first frame on a 120x40 pty)", target: 1.5,
               times: times, curlMedian: Sample(curlTimes).median, curlNote: "curl of the same /questions/{id}")
        let first = Sample(firstTimes), firstCurl = Sample(firstCurlTimes).median
        runner.record(.init(
            measure: "stackterm URL, first launch ever (empty store, no filter kept: two requests)",
            median: BenchmarkRunner.ms(first.median),
            tail: "min \(BenchmarkRunner.ms(first.min)), max \(BenchmarkRunner.ms(first.max)) (n=\(firstTimes.count))",
            target: "—", passed: nil,
            note: String(format: "%.2f× curl of /questions/{id} with `withbody` (median %@)",
                         firstCurl > 0 ? first.median / firstCurl : 0, BenchmarkRunner.ms(firstCurl))))
    }

    /// The ids of `count` questions of the replica's Stack Overflow, newest activity first.
    static func questionIDs(base: String, count: Int) -> [Int] {
        guard let json = curlJSON("\(base)/questions?pagesize=\(count)&site=stackoverflow&sort=activity&order=desc"),
              let items = json["items"] as? [[String: Any]]
        else { return [] }
        return items.compactMap { $0["question_id"] as? Int }
    }

    static func curlArguments(_ url: String) -> [String] {
        ["/usr/bin/curl", "-s", "-o", "/dev/null", "--compressed", url]
    }

    /// Times `stackterm` and each of `curls` `runs` times, alternating; the row compares stackterm's median with the
    /// slowest curl's median.
    static func compare(_ runner: inout BenchmarkRunner, measure: String, target: Double, runs: Int, stackterm: [String], curls: [[String]]) {
        var times: [Double] = []
        var curlTimes = Array(repeating: [Double](), count: curls.count)
        for _ in 0..<runs {
            if let time = timed(stackterm) { times.append(time) }
            for (index, curl) in curls.enumerated() { if let time = timed(curl) { curlTimes[index].append(time) } }
        }
        let slowest = curlTimes.map { Sample($0).median }.max() ?? 0
        record(&runner, measure: measure, target: target, times: times, curlMedian: slowest,
               curlNote: curls.count == 1 ? "curl of the same search" : "the slowest site's curl")
    }

    static func record(_ runner: inout BenchmarkRunner, measure: String, target: Double, times: [Double], curlMedian: Double, curlNote: String) {
        let sample = Sample(times)
        let ratio = curlMedian > 0 ? sample.median / curlMedian : 0
        runner.record(.init(
            measure: measure, median: BenchmarkRunner.ms(sample.median),
            tail: "min \(BenchmarkRunner.ms(sample.min)), max \(BenchmarkRunner.ms(sample.max)) (n=\(times.count))",
            target: String(format: "≤ %.1f× curl", target), passed: times.isEmpty || curlMedian == 0 ? nil : ratio <= target,
            note: String(format: "%.2f× %@ (median %@)", ratio, curlNote, BenchmarkRunner.ms(curlMedian))))
    }

    /// Milliseconds for `argv` to run and exit with status 0, nil otherwise.
    static func timed(_ argv: [String]) -> Double? {
        let clock = ContinuousClock()
        let start = clock.now
        guard let pid = TmuxServer.spawn(argv), let status = TmuxServer.reap(pid) else { return nil }
        let elapsed = BenchmarkRunner.milliseconds(clock.now - start)
        return status == 0 ? elapsed : nil
    }

    /// Milliseconds from starting `stackterm LINK` on a pseudo-terminal to the question's loaded detail (`line 1/`), with
    /// its store in `cache`.
    static func firstFrame(stackterm: String, base: String, link: String, root: String, cache: String) -> Double? {
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
            "XDG_CACHE_HOME": cache, "XDG_DATA_HOME": root + "/pty-data",
            "XDG_CONFIG_HOME": root + "/config",
        ]
        let clock = ContinuousClock()
        let start = clock.now
        guard let terminal = try? PseudoTerminal([stackterm, "--api-base", base, link], environment: environment,
                                                 width: ColdStartBenchmarks.width, height: ColdStartBenchmarks.height,
                                                 answering: ColdStartBenchmarks.terminalAnswers)
        else { return nil }
        defer { terminal.stop() }
        while !terminal.hasWritten("line 1/") {
            if clock.now - start > .seconds(10) { return nil }
            usleep(100)
        }
        return BenchmarkRunner.milliseconds(clock.now - start)
    }

    /// The name of the filter `--print` makes (`/filters/create`, the same fields), or another's, asked of the replica.
    static func createdFilter(
        base: String, filterBase: String = "default",
        include: [String] = ["question.body", "question.body_markdown", "question.answers", "answer.body", "answer.body_markdown"]
    ) -> String {
        let fields = include.joined(separator: ";")
        guard let json = curlJSON("\(base)/filters/create?base=\(filterBase)&include=\(fields)&unsafe=false"),
              let item = (json["items"] as? [[String: Any]])?.first, let name = item["filter"] as? String
        else { return "withbody" }
        return name
    }

    /// What `curl` reads from `url`, as JSON (untimed set-up).
    static func curlJSON(_ url: String) -> [String: Any]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "--compressed", url]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
