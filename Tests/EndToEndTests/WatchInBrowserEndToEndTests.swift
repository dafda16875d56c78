import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Watching inside the running browser (issue 30), the real binary in tmux against the replica's arrivals.
///
/// The browser runs on the real clock (it takes no test clock), so the interval is the shortest the config allows,
/// `[watch] interval_minutes = 1`, and each test waits for one poll after an arrival: about 65 s each. What the
/// program writes to the terminal is read raw through `tmux pipe-pane -O`, where tmux's passthrough
/// (`ESC P tmux; … ESC \`) and the notification inside it are still there.
@Suite(.serialized)
struct WatchInBrowserEndToEndTests {
    /// Starts stackterm with `config` and a copy of everything it writes to the terminal in `output`.
    static func start(config: String) async throws -> (StacktermRun, String) {
        let run = try await StacktermRun.start(config: config)
        try run.tmux.command("set", "-g", "focus-events", "on")
        let output = run.directory.appendingPathComponent("terminal-output").path
        try run.tmux.command("pipe-pane", "-O", "-t", run.tmux.target, "cat >> " + StacktermRun.shellQuoted(output))
        return (run, output)
    }

    static func written(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test func aNewQuestionInAWatchedTagShowsTheBannerAndANotificationWhileUnfocused() async throws {
        let (run, output) = try await Self.start(config: "[watch]\ntags = [\"rust\"]\ninterval_minutes = 1\nnotify = \"osc9\"\n")
        // The first poll, at start, is answered before the question arrives: it finds nothing.
        #expect(await eventually { run.finishedRequests(pathPrefix: "/2.3/search/advanced").count == 1 })
        #expect(try await eventually { try run.tmux.capture().first?.contains("score") == true })
        // The terminal loses the focus (its report, as tmux passes it on with focus-events on).
        try run.tmux.sendLiteral("\u{1B}[O")
        let hostile = "evil\u{1B}]0;pwned\u{07}\u{1B}[2J \u{202E}gnp.exe\u{200B} title\nsecond line"
        run.replica.arrive(question: hostile, tags: ["rust"])
        let shown = try await eventually(within: 75) { try run.tmux.capture().first?.hasPrefix("● 1 new in [rust]") == true }
        #expect(shown, "\(((try? run.tmux.capture()) ?? []).prefix(3))")
        #expect(await eventually { Self.written(output).contains("]9;") })
        let raw = Self.written(output)
        let expected = "\u{1B}Ptmux;\u{1B}\u{1B}]9;stackterm: 1 new in [rust]: evil]0;pwned[2J gnp.exe title second line\u{07}\u{1B}\\"
        #expect(raw.contains(expected), "\(raw.suffix(300).debugDescription)")
        #expect(raw.components(separatedBy: "]9;").count == 2, "one notification")
        // Nothing of the title's escapes reached the terminal: no title set, no screen cleared.
        #expect(!raw.contains("\u{1B}]0;pwned") && !raw.contains("pwned\u{07}"))
        #expect(run.replica.requestCount(pathPrefix: "/2.3/search/advanced") == 2)
        #expect(run.replica.repeatViolations.isEmpty, "\(run.replica.repeatViolations)")
        try run.tmux.send("q")
        #expect(await eventually { run.exitStatus() == 0 })
        try await run.stop()
    }

    @Test func wFollowsAQuestionItsNewAnswerShowsAndNoNotificationWhileFocused() async throws {
        let (run, output) = try await Self.start(config: "[watch]\ninterval_minutes = 1\nnotify = \"osc9\"\n")
        #expect(try await eventually { try run.tmux.capture().first?.contains("score") == true })
        try run.tmux.sendLiteral("\u{1B}[I")
        try run.tmux.send("w")
        var id: Int?
        #expect(try await eventually {
            let bar = try run.statusBar()
            guard let range = bar.range(of: "watching question ") else { return false }
            id = Int(bar[range.upperBound...].prefix { $0.isNumber })
            return id != nil
        })
        guard let id else { return }
        // The followed question's first poll sees its activity as it is now.
        #expect(await eventually { run.finishedRequests(pathPrefix: "/2.3/questions/\(id)").count >= 1 })
        run.replica.arriveAnswer(questionID: id)
        let shown = try await eventually(within: 75) {
            try run.tmux.capture().first?.hasPrefix("● 1 new answer on a followed question") == true
        }
        #expect(shown, "\(((try? run.tmux.capture()) ?? []).prefix(3))")
        #expect(run.replica.requestCount(pathPrefix: "/2.3/questions/\(id)/answers") == 1,
                "\(run.replica.logEntries().map { "\($0.path) \($0.query["fromdate"] ?? "")" })")
        // Focused: the banner only, nothing outside the terminal.
        #expect(!Self.written(output).contains("]9;"))
        #expect(run.replica.repeatViolations.isEmpty, "\(run.replica.repeatViolations)")
        // W lists the watch with its one new item.
        try run.tmux.send("W")
        #expect(try await eventually { try run.tmux.capture().contains { $0.contains("1 new") && $0.contains("question \(id)") } })
        try run.tmux.send("q")
        try run.tmux.send("q")
        #expect(await eventually { run.exitStatus() == 0 })
        try await run.stop()
    }

    /// `watch --once` and the browser share the poll times through the data file: the browser, started within the
    /// minute, answers its first poll from the data file (no request, so no repeat), and finds the arrival at its
    /// next poll.
    @Test func theBrowserAnswersFromTheDataFileWithinAMinuteOfWatchOnce() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let config = "[watch]\ntags = [\"rust\"]\ninterval_minutes = 1\nnotify = \"none\"\n"
        let run = try await StacktermRun.start(store: store, config: config) { replica, store in
            let configPath = store.root.appendingPathComponent("watch.toml").path
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
            process.arguments = ["watch", "--once", "--api-base", replica.baseURL.absoluteString, "--config", configPath]
            process.environment = ProcessInfo.processInfo.environment.merging(store.environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 1, "nothing new yet")
            #expect(replica.requestCount(pathPrefix: "/2.3/search/advanced") == 1)
            replica.arrive(question: "Found at the browser's second poll", tags: ["rust"])
        }
        #expect(try await eventually { try run.tmux.capture().first?.contains("score") == true })
        // Its next poll (a minute on) asks the API and finds the arrival.
        let shown = try await eventually(within: 75) { try run.tmux.capture().first?.hasPrefix("● 1 new in [rust]") == true }
        #expect(shown, "\(((try? run.tmux.capture()) ?? []).prefix(3))")
        #expect(run.replica.requestCount(pathPrefix: "/2.3/search/advanced") == 2, "the first poll came from the data file")
        #expect(run.replica.repeatViolations.isEmpty, "\(run.replica.repeatViolations)")
        try await run.stop()
    }
}
