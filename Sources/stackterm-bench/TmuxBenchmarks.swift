import Foundation
import Operations
import StackExchange
import Store
#if canImport(Glibc)
import Glibc
#endif

/// stackterm measured from outside, in a real terminal: tmux at 120×40 against the replica, with `curl` of the same
/// page timed as a whole process in the same run.
///
/// First paint is the trace's `t` of the first frame with rows (milliseconds since the process started, dynamic
/// loading included); cold starts with an empty store, warm is a second launch on the store the cold one filled.
/// Frame times are the trace's `ms` of the frames that full-screen PageDowns drew; `write` calls per frame are
/// counted by strace attached to the running process (a count, robust on a loaded machine).
enum TmuxBenchmarks {
    static let width = 120
    static let height = 40

    static func register(_ runner: inout BenchmarkRunner) {
        guard runner.includes("tmux") else { return }
        // As installed (scripts/bench puts a copy the way scripts/install does: stripped, in a directory of its own,
        // through bin/'s link), else the build's own, beside the benchmark.
        let stackterm = ProcessInfo.processInfo.environment["STACKTERM_BENCH_INSTALLED"]
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stackterm").path
        guard FileManager.default.isExecutableFile(atPath: stackterm), CallgrindBenchmarks.which("tmux") != nil else {
            print("  (tmux rows skipped: no stackterm beside the benchmark, or no tmux)", to: &standardError)
            return
        }
        let replica = ColdStartBenchmarks.startReplica()
        defer { ColdStartBenchmarks.stopReplica(replica) }
        let base = replica.baseURL.absoluteString
        let page = "\(base)/questions?page=1&pagesize=30&order=desc&sort=activity&site=stackoverflow"
        let tmux = TmuxServer()
        defer { tmux.kill() }
        let runs = runner.isSmoke ? 1 : 11
        var cold: [Double] = [], warm: [Double] = [], curls: [Double] = []
        var marks: [String: [Double]] = [:]
        for run in 0..<runs {
            let root = NSTemporaryDirectory() + "stackterm-bench-tmux-\(getpid())-\(run)"
            defer { try? FileManager.default.removeItem(atPath: root) }
            if let start = tmux.launch(stackterm, base: base, root: root, name: "cold\(run)") {
                cold.append(start.firstRows)
                for (name, t) in start.marks { marks[name, default: []].append(t) }
            }
            if let start = tmux.launch(stackterm, base: base, root: root, name: "warm\(run)") { warm.append(start.firstRows) }
            if let time = ColdStartBenchmarks.curl(page) { curls.append(time) }
        }
        let curl = Sample(curls)
        func ratioRow(_ measure: String, _ times: [Double], limit: Double) {
            let sample = Sample(times)
            let ratio = curl.median > 0 ? sample.median / curl.median : 0
            runner.record(.init(
                measure: measure, median: BenchmarkRunner.ms(sample.median),
                tail: "min \(BenchmarkRunner.ms(sample.min)), max \(BenchmarkRunner.ms(sample.max)) (n=\(times.count))",
                target: String(format: "≤ %.0f× curl", limit),
                passed: times.isEmpty || curls.isEmpty ? nil : ratio <= limit, note: String(format: "%.2f× curl", ratio)
            ))
        }
        ratioRow("tmux 120x40: cold first paint (process start → first frame with rows, empty store)", cold, limit: 3)
        ratioRow("tmux 120x40: warm first paint (second launch, store filled)", warm, limit: 1)
        runner.record(.init(
            measure: "tmux: curl, same page, same replica, same run (exec → exit)", median: BenchmarkRunner.ms(curl.median),
            tail: "min \(BenchmarkRunner.ms(curl.min)), max \(BenchmarkRunner.ms(curl.max)) (n=\(curls.count))", target: "—", passed: nil
        ))
        if let main = marks["main"], !main.isEmpty {
            let sample = Sample(main)
            runner.record(.init(
                measure: "tmux: time before main (trace mark `main`, cold)", median: BenchmarkRunner.ms(sample.median),
                tail: "max \(BenchmarkRunner.ms(sample.max)) (n=\(main.count))", target: "≤ 5 ms", passed: sample.median <= 5
            ))
        }
        if let main = marks["main"], let client = marks["client"], main.count == client.count, !main.isEmpty {
            let sample = Sample(zip(client, main).map { $0 - $1 })
            let request = marks["request"].map { Sample(zip($0, main).map { $0 - $1 }).median } ?? 0
            runner.record(.init(
                measure: "tmux: `client` − `main` (config, client; the store opens meanwhile)", median: BenchmarkRunner.ms(sample.median),
                tail: "max \(BenchmarkRunner.ms(sample.max)) (n=\(main.count))", target: "≤ 3 ms", passed: sample.median <= 3,
                note: String(format: "first request sent − main: %.2f ms", request)
            ))
        }
        realisticStoreWarm(&runner, tmux: tmux, stackterm: stackterm, base: base, page: page)
        frames(&runner, tmux: tmux, stackterm: stackterm, base: base)
        longListFrames(&runner, tmux: tmux, stackterm: stackterm)
        PictureBenchmarks.tmuxScrollFrames(&runner, tmux: tmux, stackterm: stackterm)
        helpRSS(&runner, stackterm: stackterm)
        librariesAtStart(&runner, stackterm: stackterm)
        StartupBenchmarks.versionStartup(&runner, stackterm: stackterm)
        StartupBenchmarks.crowdedDirectoryStartup(&runner, stackterm: stackterm)
    }

    /// Full-screen PageDowns through 600 loaded rows: the trace's frame `ms` of each, then the `write` calls of each.
    static func frames(_ runner: inout BenchmarkRunner, tmux: TmuxServer, stackterm: String, base: String) {
        let root = NSTemporaryDirectory() + "stackterm-bench-tmux-frames-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let trace = root + "/trace.jsonl"
        let rows = runner.isSmoke ? 200 : 600
        guard let session = tmux.start(stackterm, arguments: ["--page-size", "100", "--key", "bench"], base: base, root: root, name: "frames")
        else { return }
        defer { tmux.kill(session) }
        func events() -> [[String: Any]] { TmuxServer.events(trace) }
        func lastRows() -> Int { events().last { $0["ev"] as? String == "frame" }?["rows"] as? Int ?? 0 }
        guard TmuxServer.poll(seconds: 20, { lastRows() >= 100 }) else { return }
        while lastRows() < rows {
            let before = lastRows()
            tmux.send(session, "n")
            guard TmuxServer.poll(seconds: 20, { lastRows() > before }) else { return }
        }
        /// Presses `g`, then PageDown `count` times, each after the frame of the one before; returns the frames' ms.
        func pageDown(_ count: Int) -> [Double] {
            tmux.send(session, "g")
            _ = TmuxServer.poll(seconds: 5) { events().last { $0["ev"] as? String == "frame" }?["selected"] as? Int == 0 }
            var times: [Double] = []
            for _ in 0..<count {
                let seen = events().count
                tmux.send(session, "NPage")
                guard TmuxServer.poll(seconds: 5, { events().dropFirst(seen).contains { $0["ev"] as? String == "frame" } }) else { break }
                if let ms = events().dropFirst(seen).first(where: { $0["ev"] as? String == "frame" })?["ms"] as? Double { times.append(ms) }
            }
            return times
        }
        // The first PageDown of each pass only moves the selection to the bottom row; the rest scroll a screen each.
        let pages = (rows - 100) / (height - 2)
        let times = Array(pageDown(pages).dropFirst())
        let sample = Sample(times)
        runner.record(.init(
            measure: "tmux 120x40: full-screen PageDown, frame ms (trace)", median: BenchmarkRunner.ms(sample.median),
            tail: "p99 \(BenchmarkRunner.ms(sample.p99)) (n=\(times.count))", target: "p99 ≤ 2.00 ms", passed: times.isEmpty ? nil : sample.p99 <= 2
        ))
        guard let pid = tmux.pid(of: trace), CallgrindBenchmarks.which("strace") != nil else { return }
        let output = root + "/strace.out"
        let errors = root + "/strace.err"
        guard let strace = TmuxServer.spawn(
            ["strace", "-f", "-e", "trace=write", "-e", "signal=none", "-s", "0", "-o", output, "-p", String(pid)], errorPath: errors
        ) else { return }
        guard TmuxServer.poll(seconds: 10, { ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").contains("attached") }) else {
            kill(strace, SIGKILL)
            return
        }
        let counted = pageDown(pages).count
        // SIGINT makes strace detach and finish its output.
        kill(strace, SIGINT)
        TmuxServer.reap(strace)
        let lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n")
        let writes = lines.filter { $0.contains("write(1,") }.count
        runner.record(.init(
            measure: "tmux 120x40: write calls per full-screen PageDown (strace)",
            median: String(format: "%.2f", counted > 0 ? Double(writes) / Double(counted) : 0),
            tail: "\(writes) writes for \(counted) frames", target: "≤ 2", passed: counted > 0 ? Double(writes) / Double(counted) <= 2 : nil
        ))
    }

    /// The warm first paint with a store of the size a person's grows to: 3,000 cached questions with bodies (30 pages
    /// of another query), 1,000 read marks and 100 bookmarks, then the first page cached by a cold launch; the warm
    /// launches alternate with `curl` of the same page.
    static func realisticStoreWarm(_ runner: inout BenchmarkRunner, tmux: TmuxServer, stackterm: String, base: String, page: String) {
        let root = NSTemporaryDirectory() + "stackterm-bench-tmux-realistic-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = StorePaths(
            dataDirectory: URL(fileURLWithPath: root + "/data/stackterm"), cacheDirectory: URL(fileURLWithPath: root + "/cache/stackterm"))
        try? FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: paths.cacheDirectory, withIntermediateDirectories: true)
        let queues = QueueManager()
        let cache = QuestionCache(paths: paths, queues: queues)
        var kept: [Question] = []
        for number in 0..<30 {
            let items = StoreBenchmarks.questions(100, from: 20_000_000 + number * 100)
            if number == 0 { kept = Array(items.prefix(100)) }
            cache.write(Page(items: items, hasMore: true), key: CacheKey(host: "stackoverflow.example", query: QuestionsQuery(), page: number + 1),
                        at: Date())
        }
        queues.waitUntilAllOperationsAreFinished()
        let personal = PersonalDataManager(paths: paths, queues: queues)
        for id in 0..<1_000 { personal.setRead(true, site: "stackoverflow", questionID: 20_000_000 + id) { _ in } }
        for question in kept { personal.setBookmarked(true, question: question, site: "stackoverflow") { _ in } }
        personal.waitForWrites()
        queues.waitUntilAllOperationsAreFinished()
        guard tmux.launch(stackterm, base: base, root: root, name: "realistic-cold") != nil else { return }
        var warm: [Double] = [], curls: [Double] = []
        for run in 0..<(runner.isSmoke ? 1 : 11) {
            if let start = tmux.launch(stackterm, base: base, root: root, name: "realistic\(run)") { warm.append(start.firstRows) }
            if let time = ColdStartBenchmarks.curl(page) { curls.append(time) }
        }
        let sample = Sample(warm), curl = Sample(curls)
        let ratio = curl.median > 0 ? sample.median / curl.median : 0
        runner.record(.init(
            measure: "tmux 120x40: warm first paint, realistic store (3,000 cached questions, 1,000 read marks, 100 bookmarks)",
            median: BenchmarkRunner.ms(sample.median),
            tail: "min \(BenchmarkRunner.ms(sample.min)), max \(BenchmarkRunner.ms(sample.max)) (n=\(warm.count))", target: "≤ 1× curl",
            passed: warm.isEmpty || curls.isEmpty ? nil : ratio <= 1,
            note: String(format: "%.2f× curl (median %@, same run)", ratio, BenchmarkRunner.ms(curl.median))
        ))
    }

    /// A person scrolling a list of 10,000 questions: the list paged in with `n` (100 a page) from a replica serving
    /// 10,000, then Home and 40 PageDowns 30 ms apart, as fast as a held key; the frames' own `ms` from the trace, and
    /// the rows they laid out themselves (`laid_out`: the rest were laid out ahead, while the browser waited).
    static func longListFrames(_ runner: inout BenchmarkRunner, tmux: TmuxServer, stackterm: String) {
        let total = runner.isSmoke ? 300 : 10_000
        let root = NSTemporaryDirectory() + "stackterm-bench-tmux-long-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = URL(fileURLWithPath: root).appendingPathComponent("data")
        try? FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let questions = "[" + (0..<total).map(DecodedQuestions.item).joined(separator: ",") + "]"
        guard (try? Data(questions.utf8).write(to: data.appendingPathComponent("questions.json"))) != nil,
              (try? Data("[]".utf8).write(to: data.appendingPathComponent("answers.json"))) != nil else { return }
        let replica = ColdStartBenchmarks.startReplica(dataDirectory: data)
        defer { ColdStartBenchmarks.stopReplica(replica) }
        let trace = root + "/trace.jsonl"
        guard let session = tmux.start(
            stackterm, arguments: ["--page-size", "100", "--key", "bench"], base: replica.baseURL.absoluteString, root: root, name: "long")
        else { return }
        defer { tmux.kill(session) }
        func frames() -> [[String: Any]] { TmuxServer.events(trace).filter { $0["ev"] as? String == "frame" } }
        func lastRows() -> Int { frames().last?["rows"] as? Int ?? 0 }
        guard TmuxServer.poll(seconds: 20, { lastRows() >= 100 }) else { return }
        while lastRows() < total {
            let before = lastRows()
            tmux.send(session, "n")
            guard TmuxServer.poll(seconds: 20, { lastRows() > before }) else {
                print("  (10,000-row frames skipped: the list stopped at \(before) rows)", to: &standardError)
                return
            }
        }
        var times: [Double] = [], laidOut = 0, counted = 0
        for _ in 0..<(runner.isSmoke ? 1 : 3) {
            tmux.send(session, "Home")
            _ = TmuxServer.poll(seconds: 5) { frames().last?["selected"] as? Int == 0 }
            let seen = frames().count
            for _ in 0..<40 {
                tmux.send(session, "NPage")
                usleep(30_000)
            }
            // The last PageDown's frame: the first took the selection to the bottom row (index height - 3), each
            // other moved it a page of height - 3 rows; keys read together still end on that row.
            _ = TmuxServer.poll(seconds: 5) { (frames().last?["selected"] as? Int ?? 0) >= 40 * (height - 3) }
            // The first PageDown of a pass only moves the selection to the bottom row. A frame that moved no selection
            // was no PageDown's (a tick of the clock the browser wakes on): not counted.
            let pass = Array(frames().dropFirst(seen))
            let drawn = zip(pass, pass.dropFirst()).filter { earlier, frame in
                (frame["selected"] as? Int) != (earlier["selected"] as? Int)
            }.map(\.1)
            times += drawn.compactMap { $0["ms"] as? Double }
            laidOut += drawn.reduce(0) { $0 + ($1["laid_out"] as? Int ?? 0) }
            counted += drawn.count
        }
        let sample = Sample(times)
        runner.record(.init(
            measure: "tmux 120x40: PageDown frame ms at \(total) rows (Home, then 40 PageDowns 30 ms apart; trace)",
            median: BenchmarkRunner.ms(sample.median),
            tail: "p99 \(BenchmarkRunner.ms(sample.p99)) (n=\(times.count))", target: "p50 ≤ 0.80 ms, p99 ≤ 2.00 ms",
            passed: times.isEmpty ? nil : sample.median <= 0.8 && sample.p99 <= 2,
            note: "rows laid out inside those frames: \(laidOut) in \(counted)"
        ))
    }

    /// The shared libraries the loader brings in before `main` (`LD_DEBUG=libs stackterm --version`): libcurl and its
    /// ~25 libraries must not be among them (`CLazyCurl` loads them with the first request).
    static func librariesAtStart(_ runner: inout BenchmarkRunner, stackterm: String) {
        let report = NSTemporaryDirectory() + "stackterm-bench-libs-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: report) }
        guard let pid = TmuxServer.spawn(["env", "LD_DEBUG=libs", stackterm, "--version"], errorPath: report),
              TmuxServer.reap(pid) != nil
        else { return }
        let lines = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n")
        // "calling init: /lib/x86_64-linux-gnu/libc.so.6", once a library, the program itself excepted.
        let names = lines.compactMap { line -> String? in
            guard let range = line.range(of: "calling init: ") else { return nil }
            let path = line[range.upperBound...]
            return path.hasSuffix("/stackterm") ? nil : String(path.split(separator: "/").last ?? "")
        }
        guard !names.isEmpty else { return }
        let curl = names.contains { $0.hasPrefix("libcurl") }
        runner.record(.init(
            measure: "shared libraries loaded before main (LD_DEBUG=libs stackterm --version)", median: "\(names.count)",
            tail: "—", target: "no libcurl", passed: !curl, note: names.sorted().joined(separator: " ")
        ))
    }

    /// Peak RSS of `stackterm --help` (the runtime and libraries loaded, nothing else done).
    static func helpRSS(_ runner: inout BenchmarkRunner, stackterm: String) {
        var peaks: [Double] = []
        for _ in 0..<3 {
            guard let kib = TmuxServer.peakKiB([stackterm, "--help"]) else { continue }
            peaks.append(Double(kib) / 1024)
        }
        let sample = Sample(peaks)
        runner.record(.init(
            measure: "stackterm --help: peak RSS", median: String(format: "%.1f MB", sample.median), tail: "n=\(peaks.count)",
            target: "≤ 15 MB", passed: peaks.isEmpty ? nil : sample.median <= 15
        ))
    }
}
