import Foundation
import StackExchangeReplica
import SyntheticDump
import TestSupport
import Testing

/// Where stackterm's doors meet, walked as a newcomer walks them in one afternoon, each in one run: a site imported
/// from its dump and then searched from the shell and from the browser; `--print` and `--json` over two sites while
/// one fails; a link of each form a person pastes. (A watch added from the shell while a browser runs waits out the
/// browser's interval: it is in `WatchInBrowserIntervalEndToEndTests`.)
@Suite(.serialized)
struct SeamsEndToEndTests {
    /// A dump imported from its archive is what the shell's `--offline` and the browser's `/` both search.
    @Test func anImportedDumpIsSearchedFromTheShellAndFromTheBrowser() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let folder = store.root.appendingPathComponent("dump")
        _ = try DumpGenerator(posts: 300, seed: 11).write(to: folder)
        let archive = store.root.appendingPathComponent("vi.stackexchange.com.7z")
        try DumpGenerator.pack(folder, into: archive)
        let imported = try store.runStackterm(["import", archive.path])
        #expect(imported.status == 0, "\(imported.output)")

        // The shell: the accepted answer's word finds the planted question, printed with its answer.
        let printed = try ShellRun.run(["--offline", "--site", "vi", "--print", PlantedPosts.answerWord], replica: nil, store: store)
        #expect(printed.status == 0, "\(printed.errors)")
        // Said to be local, then the question and its accepted answer.
        #expect(printed.output.hasPrefix("(local results: from the store, not the network)\n"), "\(printed.output.prefix(200))")
        #expect(printed.output.contains(PlantedPosts.title + "\n"), "\(printed.output.prefix(200))")
        #expect(printed.output.contains("accepted"))
        #expect(printed.output.contains(PlantedPosts.answerWord))
        let json = try ShellRun.run(["--offline", "--site", "vi", "--json", PlantedPosts.answerWord], replica: nil, store: store)
        #expect(json.status == 0, "\(json.errors)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let questions = try #require(document["questions"] as? [[String: Any]])
        #expect(questions.first?["question_id"] as? Int == PlantedPosts.questionID, "\(questions.first ?? [:])")
        // A word only in a comment opens the comment's question, in the shell as in the browser.
        let comment = try ShellRun.run(["--offline", "--site", "vi", "--print", PlantedPosts.commentWord], replica: nil, store: store)
        #expect(comment.output.contains(PlantedPosts.title + "\n"), "\(comment.output.prefix(200)) \(comment.errors)")

        // The browser: the same word through `/`, offline, finds the same question.
        try await StacktermRun.with(arguments: ["--offline", "--site", "vi"], store: store) { run in
            #expect(try await run.waitForStatus("vi.stackexchange.com (dump)"))
            try run.tmux.send("/")
            try run.tmux.sendLiteral(PlantedPosts.answerWord)
            try run.tmux.send("Enter")
            let found = await eventually { (try? run.tmux.capture().joined().contains(PlantedPosts.titleWord)) == true }
            #expect(found, "\((try? run.tmux.capture()) ?? [])")
            #expect(run.replica.requestCount(pathPrefix: "/2.3") == 0, "nothing went to the network")
        }
    }

    /// Two sites, one of which fails: `--print` prints what the other found, and `--json` says what each site answered
    /// (the failing site's own error, its id and name).
    @Test func printAndJSONOverTwoSitesWhileOneFails() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let replica = try await ReplicaServer.start(ReplicaOptions(latencyMilliseconds: 10, quota: 10_000))
        defer { Task { try? await replica.shutdown() } }
        replica.injectFault(.seError(id: 500, name: "internal_error", path: nil), count: 10, site: "unix")
        let json = try ShellRun.run(["--json", "--site", "superuser", "--site", "unix", "roaming"], replica: replica, store: store)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json.errors)")
        let sites = try #require(document["sites"] as? [[String: Any]], "\(document.keys)")
        let unix = try #require(sites.first { $0["site"] as? String == "unix" })
        let superuser = try #require(sites.first { $0["site"] as? String == "superuser" })
        #expect(unix["error_id"] as? Int == 500 && unix["error_name"] as? String == "internal_error", "\(unix)")
        #expect(superuser["error_id"] == nil, "\(superuser)")
        let questions = try #require(document["questions"] as? [[String: Any]])
        #expect(!questions.isEmpty && questions.allSatisfy { $0["site"] as? String == "superuser" }, "\(questions)")
        let printed = try ShellRun.run(["--print", "--site", "superuser", "--site", "unix", "known_hosts"], replica: replica, store: store)
        #expect(printed.status == 0, "\(printed.errors)")
        #expect(printed.output.contains("known_hosts"), "\(printed.output.prefix(300))")
        #expect(printed.errors.contains("unix"), "the failing site is named: \(printed.errors)")
    }

    /// A link of every form a person pastes opens its question on its own site.
    @Test(arguments: [
        ("https://stackoverflow.com/questions/79000020/is-it-safe", "stackoverflow"),
        ("https://stackoverflow.com/q/79000020", "stackoverflow"),
        ("https://stackoverflow.com/a/80000110", "stackoverflow"),
        ("https://superuser.com/q/69000010", "superuser"),
        ("https://unix.stackexchange.com/questions/59000009", "unix"),
    ])
    func aLinkOfEachFormOpensItsQuestion(link: String, site: String) async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let replica = try await ReplicaServer.start(ReplicaOptions(latencyMilliseconds: 0, quota: 10_000))
        defer { Task { try? await replica.shutdown() } }
        let printed = try ShellRun.run(["--print", link], replica: replica, store: store)
        #expect(printed.status == 0, "\(link): \(printed.errors)")
        #expect(!printed.output.isEmpty)
        let asked = replica.logEntries().filter { $0.path.hasPrefix("/2.3/questions") || $0.path.hasPrefix("/2.3/answers") }
        #expect(asked.allSatisfy { $0.query["site"] == site }, "\(asked.map { "\($0.path) \($0.query["site"] ?? "")" })")
        let missing = try ShellRun.run(["--print", "https://stackoverflow.com/a/1"], replica: replica, store: store)
        #expect(missing.status == 1, "an answer that does not exist is nothing found: \(missing.errors)")
    }
}
