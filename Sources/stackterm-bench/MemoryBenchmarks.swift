import HTTPDriver
import Browser
import Foundation
import Operations
import StackExchange
import Terminal

/// RSS with 10,000 list rows: a child process decodes them from wire-shaped pages into the browser and paints a frame.
///
/// A child, so that nothing else the benchmarks did (a replica, other benchmarks' garbage) is in the figure.
/// The child holds what stackterm holds for the list: the controller, ncurses, and libcurl loaded with its exchange
/// thread running (every request of stackterm goes through it).
enum MemoryBenchmarks {
    static let rows = 10_000

    static func register(_ runner: inout BenchmarkRunner) {
        guard runner.includes("RSS") else { return }
        stacktermRSS(&runner)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["--rss-child", String(rows)]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let numbers = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard numbers.count == 2 else { return }
        let (before, after) = (numbers[0] / 1024, numbers[1] / 1024)
        runner.record(.init(
            measure: "RSS at 10,000 list rows (bench child: browser, ncurses, libcurl)", median: String(format: "%.1f MB", after),
            tail: String(format: "%.1f MB before the rows", before), target: "≤ 40 MB", passed: after <= 40,
            note: String(format: "%.0f bytes per row; a list row is %d bytes inline (a Question %d)",
                         (after - before) * 1024 * 1024 / Double(rows), MemoryLayout<ListRow>.stride, MemoryLayout<Question>.stride)
        ))
    }

    /// The real stackterm on a pseudo-terminal, paged with `n` to 10,000 rows from a replica serving 10,000
    /// questions (100 a page, with a key so pages past 25 are allowed); its VmRSS then.
    static func stacktermRSS(_ runner: inout BenchmarkRunner) {
        let stackterm = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stackterm").path
        guard FileManager.default.isExecutableFile(atPath: stackterm) else { return }
        let total = runner.isSmoke ? 300 : rows
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stackterm-bench-data-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let questions = "[" + (0..<total).map(DecodedQuestions.item).joined(separator: ",") + "]"
        guard (try? Data(questions.utf8).write(to: directory.appendingPathComponent("questions.json"))) != nil,
              (try? Data("[]".utf8).write(to: directory.appendingPathComponent("answers.json"))) != nil else { return }
        let replica = ColdStartBenchmarks.startReplica(dataDirectory: directory)
        defer { ColdStartBenchmarks.stopReplica(replica) }
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": directory.path,
            "XDG_CACHE_HOME": directory.path + "/cache", "XDG_DATA_HOME": directory.path + "/data", "MALLOC_ARENA_MAX": "1",
        ]
        // The trace says when a frame showed every row (the status bar is repainted only where it changed).
        let trace = directory.appendingPathComponent("trace.jsonl").path
        let arguments = [stackterm, "--api-base", replica.baseURL.absoluteString, "--page-size", "100", "--key", "bench", "--trace", trace]
        let loaded = "\"rows\":\(total),"
        func allLoaded() -> Bool { (try? String(contentsOfFile: trace, encoding: .utf8))?.contains(loaded) ?? false }
        guard let terminal = try? PseudoTerminal(
            arguments, environment: environment, width: 120, height: 40, answering: ColdStartBenchmarks.terminalAnswers)
        else { return }
        defer { terminal.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        while !allLoaded(), clock.now - start < .seconds(120) {
            terminal.type("n")
            usleep(20_000)
        }
        guard allLoaded() else {
            print("  (stackterm RSS skipped: the list never reached \(total) rows)", to: &standardError)
            return
        }
        let kib = residentKiB(of: terminal.pid)
        runner.record(.init(
            measure: "RSS of stackterm at \(total) rows (real process, paged with n)", median: String(format: "%.1f MB", Double(kib) / 1024),
            tail: "—", target: "≤ 40 MB", passed: Double(kib) / 1024 <= 40
        ))
    }

    /// The child: prints its RSS in KiB before and after the rows are loaded and a frame is painted.
    @MainActor
    static func child(rows: Int) {
        CurlLibrary.warmUpExchanges()
        guard let painter = HeadlessTerminal.start(width: 120, height: 40) else { fatalError("ncurses would not start") }
        let empty = SyntheticList.controller(rows: 0)
        empty.resize(width: 120, height: 40)
        painter.paint(empty.render(width: 120, height: 40))
        let before = residentKiB()
        let controller = BrowserController(
            configuration: BrowserConfiguration(pageSize: 100),
            ports: BrowserPorts(questions: DecodedQuestions(total: rows), details: NoDetails(), urlOpener: NoOpener()), clock: { SyntheticList.now }
        )
        controller.prefetchDistance = 0
        controller.start()
        controller.resize(width: 120, height: 40)
        while controller.state.list.rows.count < rows, controller.state.list.nextPage(in: controller.model.ledger) != nil { controller.handle(.character("n")) }
        painter.paint(controller.render(width: 120, height: 40))
        controller.handle(.end)
        painter.paint(controller.render(width: 120, height: 40))
        print(before, residentKiB())
        withExtendedLifetime(controller) {}
    }

    /// VmRSS from /proc/PID/status (this process by default), in KiB.
    static func residentKiB(of pid: Int32? = nil) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid.map(String.init) ?? "self")/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
    }
}

/// Pages decoded from JSON shaped like `/questions` with the default filter (no bodies), as the API sends it.
final class DecodedQuestions: QuestionsDataManaging {
    let total: Int
    init(total: Int) { self.total = total }

    func questions(
        _ query: QuestionsQuery, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable {
        let start = (page - 1) * query.pageSize
        let indices = start..<min(total, start + query.pageSize)
        let items = indices.map(Self.item).joined(separator: ",")
        let json = "{\"items\":[\(items)],\"has_more\":\(indices.upperBound < total),\"quota_max\":10000,\"quota_remaining\":9999}"
        let result = ResponseDecoder.page(Question.self, status: 200, data: Data(json.utf8))
        MainActor.assumeIsolated { completion(result) }
        return NoCancel()
    }

    static func item(_ index: Int) -> String {
        let id = 70_000_000 + index
        let user = 1_000_000 + index % 5_000
        return """
            {"tags":["swift","linux","ncurses"],"owner":{"account_id":\(user + 17),"reputation":\(index % 9_000),\
            "user_id":\(user),"user_type":"registered","profile_image":"https://www.gravatar.com/avatar/\(String(user, radix: 16))0123456789abcdef?s=256&d=identicon&r=PG",\
            "display_name":"user &#39;\(user)&#39;","link":"https://stackoverflow.com/users/\(user)/user-\(user)"},\
            "is_answered":true,"view_count":\(index * 97),"accepted_answer_id":\(index + 1_000_000),"answer_count":3,\
            "score":\(index % 50),"last_activity_date":1700000000,"creation_date":\(1_700_000_000 - index * 60),\
            "last_edit_date":1700000100,"question_id":\(id),"content_license":"CC BY-SA 4.0",\
            "link":"https://stackoverflow.com/questions/\(id)/how-do-i-use-tag-\(index)-with-generics",\
            "title":"How do I use &quot;tag \(index)&quot; &amp; 日本語 with &lt;generics&gt; in a long enough title?"}
            """
    }
}
