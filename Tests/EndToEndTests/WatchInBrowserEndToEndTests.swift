import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Watching inside the running browser (issue 30), the real binary in tmux against the replica's arrivals, with no
/// wait: the browser polls every watch at launch, so what arrived since the last check shows at once (what a person
/// opening stackterm expects). The one test that waits out a poll interval is `WatchInBrowserIntervalEndToEndTests`.
///
/// What the program writes to the terminal is read raw through `tmux pipe-pane -O`, where tmux's passthrough
/// (`ESC P tmux; … ESC \`) and a notification inside it would still be there.
@Suite(.serialized)
struct WatchInBrowserEndToEndTests {
    /// Starts stackterm with `config` (and `store`, prepared by `prepare` before the launch) and a copy of everything it
    /// writes to the terminal in `output`.
    static func start(
        config: String, store: StoreDirectory? = nil, latencyMilliseconds: Int = 50,
        prepare: ((ReplicaServer, StoreDirectory) throws -> Void)? = nil
    ) async throws -> (StacktermRun, String) {
        let run = try await StacktermRun.start(latencyMilliseconds: latencyMilliseconds, store: store, config: config, prepare: prepare)
        try run.tmux.command("set", "-g", "focus-events", "on")
        let output = run.directory.appendingPathComponent("terminal-output").path
        try run.tmux.command("pipe-pane", "-O", "-t", run.tmux.target, "cat >> " + StacktermRun.shellQuoted(output))
        return (run, output)
    }

    static func written(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Runs `stackterm watch --once` with `arguments` in `store`'s directories and the config `config`; its status.
    static func watchOnce(_ arguments: [String], store: StoreDirectory, config: String) throws -> Int32 {
        let configPath = store.root.appendingPathComponent("watch.toml").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
        process.arguments = ["watch", "--once", "--config", configPath] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(store.environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A question followed earlier (from the command line, without the network) got an answer while stackterm was
    /// closed: the launch's first poll finds it, and `W` lists it. The terminal says it has the focus: the banner only,
    /// nothing outside the terminal.
    @Test func aFollowedQuestionsAnswerSinceTheLastCheckShowsAtLaunchAndNothingGoesOutsideWhileFocused() async throws {
        var followed: Int?
        // A second of latency a request: the launch's polls (two round trips, after the first page's) are answered well
        // after `pipe-pane` is on and the terminal has said it has the focus.
        let (run, output) = try await Self.start(config: "[watch]\nnotify = \"osc9\"\n", latencyMilliseconds: 1000) { replica, store in
            let id = replica.arrive(question: "Followed from the command line", tags: ["rust"])
            followed = id
            let since = Int(replica.now.timeIntervalSince1970) - 5
            let status = try Self.watchOnce(["--offline", "--follow", String(id), "--at", String(since)], store: store, config: "")
            #expect(status == 1, "followed; nothing new yet, and nothing asked")
            replica.arriveAnswer(questionID: id)
        }
        guard let id = followed else { return }
        #expect(try await eventually { try run.tmux.capture().contains { $0.contains("loading") } })
        #expect(run.replica.requestCount(pathPrefix: "/2.3/questions/\(id)/answers") == 0, "focus comes first")
        try run.tmux.sendLiteral("\u{1B}[I")
        let shown = try await eventually(within: 20) {
            try run.tmux.capture().first?.hasPrefix("● 1 new answer on a followed question") == true
        }
        #expect(shown, "\(((try? run.tmux.capture()) ?? []).prefix(3))")
        #expect(run.replica.requestCount(pathPrefix: "/2.3/questions/\(id)/answers") == 1,
                "\(run.replica.logEntries().map { "\($0.path) \($0.query["fromdate"] ?? "")" })")
        #expect(!Self.written(output).contains("]9;"))
        #expect(run.replica.repeatViolations.isEmpty, "\(run.replica.repeatViolations)")
        // W lists the watch with its one new item; w there stops watching it.
        try run.tmux.send("W")
        // Listed by its title (known from the poll), not its id.
        #expect(try await eventually {
            try run.tmux.capture().contains { $0.contains("1 new") && $0.contains("Followed from the command line") }
        })
        try run.tmux.send("w")
        #expect(try await run.waitForStatus("stopped watching"))
        try run.tmux.send("q")
        try run.tmux.send("q")
        #expect(await eventually { run.exitStatus() == 0 })
        try await run.stop()
    }

    /// The rows asked since the person last looked at a list carry the mark after a relaunch: the data file keeps when
    /// each list was last looked at.
    @Test func afterARelaunchTheRowsAskedSinceTheLastLookCarryTheMark() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let first = try await StacktermRun.start(store: store)
        #expect(try await first.waitForStatus("1/30+"))
        #expect(!(try first.tmux.capture().dropFirst().contains { $0.hasPrefix("●") }), "a first look marks nothing")
        try first.tmux.send("q")
        #expect(await eventually { first.exitStatus() == 0 })
        try await first.stop()

        let title = "Asked after the last look"
        let second = try await StacktermRun.start(store: store) { replica, _ in
            // The API's dates are whole seconds, and the two launches can fall in the same one: the question is asked
            // two seconds on, on the replica's clock.
            replica.advanceClock(by: 2)
            replica.arrive(question: title, tags: ["swift"])
        }
        let marked = try await eventually { try second.tmux.capture().contains { $0.hasPrefix("●") && $0.contains(title) } }
        #expect(marked, "\(((try? second.tmux.capture()) ?? []).prefix(4))")
        let rows = try second.tmux.capture().dropFirst().dropLast()
        #expect(rows.filter { $0.hasPrefix("●") }.count == 1, "only the new question: \(rows.prefix(4))")
        try second.tmux.send("q")
        #expect(await eventually { second.exitStatus() == 0 })
        try await second.stop()
    }
}
