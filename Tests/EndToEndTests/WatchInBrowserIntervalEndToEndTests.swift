import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// The end-to-end tests of watching that wait out a poll interval (about 65 s each): the browser runs on the real
/// clock, the interval is the shortest the config allows (`[watch] interval_minutes = 1`), and the API's rule is
/// never the same request twice within a minute, so a question that arrives while stackterm runs shows at its next
/// poll, and a watch added from the shell shows at the browser's next reading of the data file. scripts/test runs
/// them beside the other end-to-end suites, and they run beside each other (each has its own replica, store and
/// tmux). The tests that need no wait are in `WatchInBrowserEndToEndTests`.
struct WatchInBrowserIntervalEndToEndTests {
    /// `watch --once` and the browser share the poll times through the data file: the browser, started within the
    /// minute, answers its first poll from the data file (no request, so no repeat). A hostile question then arrives
    /// while the terminal says it is not focused: the next poll, a minute on, finds it, and the banner and one inert
    /// notification show it.
    @Test func aNewQuestionInAWatchedTagShowsWithinOneIntervalWithANotificationWhileUnfocused() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let config = "[watch]\ntags = [\"rust\"]\ninterval_minutes = 1\nnotify = \"osc9\"\n"
        let (run, output) = try await WatchInBrowserEndToEndTests.start(config: config, store: store) { replica, store in
            let status = try WatchInBrowserEndToEndTests.watchOnce(
                ["--api-base", replica.baseURL.absoluteString], store: store, config: config)
            #expect(status == 1, "nothing new yet")
            #expect(replica.requestCount(pathPrefix: "/2.3/search/advanced") == 1)
        }
        #expect(try await eventually { try run.tmux.capture().first?.contains("score") == true })
        // The terminal loses the focus (its report, as tmux passes it on with focus-events on).
        try run.tmux.sendLiteral("\u{1B}[O")
        let hostile = "evil\u{1B}]0;pwned\u{07}\u{1B}[2J \u{202E}gnp.exe\u{200B} title\nsecond line"
        run.replica.arrive(question: hostile, tags: ["rust"])
        let shown = try await eventually(within: 75) { try run.tmux.capture().first?.hasPrefix("● 1 new in [rust]") == true }
        #expect(shown, "\(((try? run.tmux.capture()) ?? []).prefix(3))")
        #expect(await eventually { WatchInBrowserEndToEndTests.written(output).contains("]9;") })
        let raw = WatchInBrowserEndToEndTests.written(output)
        let expected = "\u{1B}Ptmux;\u{1B}\u{1B}]9;stackterm: 1 new in [rust]: evil]0;pwned[2J gnp.exe title second line\u{07}\u{1B}\\"
        #expect(raw.contains(expected), "\(raw.suffix(300).debugDescription)")
        #expect(raw.components(separatedBy: "]9;").count == 2, "one notification")
        // Nothing of the title's escapes reached the terminal: no title set, no screen cleared.
        #expect(!raw.contains("\u{1B}]0;pwned") && !raw.contains("pwned\u{07}"))
        // `watch --once`'s request and the browser's second poll: its first came from the data file.
        #expect(run.replica.requestCount(pathPrefix: "/2.3/search/advanced") == 2, "the first poll came from the data file")
        #expect(run.replica.repeatViolations.isEmpty, "\(run.replica.repeatViolations)")
        try run.tmux.send("q")
        #expect(await eventually { run.exitStatus() == 0 })
        try await run.stop()
    }

    /// A question followed from the shell while a browser runs shows in that browser's `W`, by its title, without a
    /// relaunch: the browser reads the watches from the data file the shell wrote, once an interval.
    @Test func aWatchAddedFromTheShellShowsInARunningBrowser() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let title = "Followed from a second window"
        try await StacktermRun.with(store: store, config: "[watch]\ninterval_minutes = 1\n") { run in
            #expect(try await run.waitForStatus("1/30+"))
            let id = run.replica.arrive(question: title, tags: ["rust"])
            let configPath = store.root.appendingPathComponent("watch.toml").path
            try "".write(toFile: configPath, atomically: true, encoding: .utf8)
            let added = try ShellRun.run(["watch", "--once", "--offline", "--config", configPath, "--follow", String(id)],
                                         replica: run.replica, store: store, omitAPIBase: true)
            #expect(added.status == 1, "followed; nothing new yet: \(added.errors)")
            try run.tmux.send("W")
            let listed = try await eventually(within: 90) { try run.tmux.capture().contains { $0.contains(title) } }
            #expect(listed, "\((try? run.tmux.capture()) ?? [])")
        }
    }
}
