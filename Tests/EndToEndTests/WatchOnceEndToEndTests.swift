import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// `stackterm watch --once` (issue 30), the real binary against the replica's arrivals: exit statuses, a new
/// question in a watched tag and a new answer on a followed question printed, a hostile title printed inert, and no
/// request repeated within a minute (answered from the data file instead).
@Suite(.serialized)
struct WatchOnceEndToEndTests {
    /// A replica, private XDG directories and a config watching `tags`; runs `stackterm watch --once` in them.
    final class Setup {
        let replica: ReplicaServer
        let store: StoreDirectory
        let configPath: String

        init(tags: [String], options: ReplicaOptions = ReplicaOptions(quota: 10_000), extra: String = "") async throws {
            replica = try await ReplicaServer.start(options)
            store = try StoreDirectory.make()
            configPath = store.root.appendingPathComponent("config.toml").path
            let list = tags.map { "\"\($0)\"" }.joined(separator: ", ")
            try "[watch]\ntags = [\(list)]\n\(extra)".write(toFile: configPath, atomically: true, encoding: .utf8)
        }

        /// Runs the command at `at` (Unix seconds); its status, standard output and standard error.
        func watch(_ arguments: [String] = [], at: Int) throws -> (status: Int32, output: String, errors: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
            process.arguments = ["watch", "--once", "--api-base", replica.baseURL.absoluteString, "--config", configPath,
                                 "--at", String(at)] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(store.environment) { $1 }
                .merging(["XDG_CONFIG_HOME": store.root.path]) { $1 }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
        }

        /// Moves the replica's time and the command's on by a minute and a second.
        func aMinuteLater(_ time: inout Int) {
            replica.advanceClock(by: 61)
            time += 61
        }

        func close() async throws {
            try await replica.shutdown()
            store.remove()
        }
    }

    @Test func aNewQuestionInAWatchedTagIsPrintedOnceThenNothingIsNew() async throws {
        let setup = try await Setup(tags: ["rust", "unix:bash"])
        var now = Int(setup.replica.now.timeIntervalSince1970)
        // The first check sets the watches' times: nothing before them is new.
        let first = try setup.watch(at: now)
        #expect(first.status == 1, "\(first.errors)")
        #expect(first.output.isEmpty)
        let searches = setup.replica.requestCount(pathPrefix: "/2.3/search/advanced")
        #expect(searches == 2, "one request per site")

        // Within the minute the same requests are answered from the data file.
        let again = try setup.watch(at: now + 5)
        #expect(again.status == 1)
        #expect(setup.replica.requestCount(pathPrefix: "/2.3/search/advanced") == searches)

        let id = setup.replica.arrive(question: "Why does the borrow checker reject this?", tags: ["rust"])
        setup.replica.arrive(question: "Not watched", tags: ["python"])
        setup.aMinuteLater(&now)
        let peeked = try setup.watch(["--peek"], at: now)
        #expect(peeked.status == 0, "\(peeked.errors)")
        #expect(peeked.output == "[rust] new question: Why does the borrow checker reject this?  https://stackoverflow.com/questions/\(id)\n")
        // Offline, what was found and not seen is printed without a request.
        let requests = setup.replica.requestCount(pathPrefix: "/2.3/")
        let offline = try setup.watch(["--offline", "--peek"], at: now + 1)
        #expect(offline.status == 0)
        #expect(offline.output == peeked.output)
        #expect(setup.replica.requestCount(pathPrefix: "/2.3/") == requests)
        // --peek left it new; the next check (from the data file, within the minute) prints it and marks it seen.
        let seen = try setup.watch(at: now + 1)
        #expect(seen.status == 0)
        #expect(seen.output == peeked.output)
        setup.aMinuteLater(&now)
        let after = try setup.watch(at: now)
        #expect(after.status == 1)
        #expect(after.output.isEmpty)
        #expect(setup.replica.repeatViolations.isEmpty, "\(setup.replica.repeatViolations)")
        try await setup.close()
    }

    @Test func aFollowedQuestionShowsItsNewAnswerAndComment() async throws {
        let setup = try await Setup(tags: [])
        var now = Int(setup.replica.now.timeIntervalSince1970)
        let question = setup.replica.arrive(question: "How do I quote a glob?", tags: ["bash"])
        setup.aMinuteLater(&now)
        let first = try setup.watch(["--follow", String(question)], at: now)
        #expect(first.status == 1, "\(first.errors)")
        setup.replica.advanceClock(by: 5)
        let answer = setup.replica.arriveAnswer(questionID: question)
        setup.replica.arriveComment(postID: answer, questionID: question)
        setup.aMinuteLater(&now)
        let second = try setup.watch(at: now)
        #expect(second.status == 0, "\(second.errors)")
        let lines = second.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("question \(question) new answer on: How do I quote a glob?") == true)
        #expect(lines.last?.hasPrefix("question \(question) new comment on: How do I quote a glob?") == true)
        #expect(setup.replica.requestCount(pathPrefix: "/2.3/questions/\(question)/answers") == 1)
        #expect(setup.replica.requestCount(pathPrefix: "/2.3/posts/") == 1)
        try await setup.close()
    }

    @Test func aHostileTitleIsPrintedInert() async throws {
        let setup = try await Setup(tags: ["rust"])
        var now = Int(setup.replica.now.timeIntervalSince1970)
        #expect(try setup.watch(at: now).status == 1)
        setup.replica.arrive(question: "evil\u{1B}]0;pwned\u{07}\u{1B}[2J \u{202E}gnp.exe\u{200B} title\nsecond line", tags: ["rust"])
        setup.aMinuteLater(&now)
        let result = try setup.watch(at: now)
        #expect(result.status == 0, "\(result.errors)")
        let scalars = result.output.unicodeScalars.map(\.value)
        for bad: UInt32 in [0x1B, 0x07, 0x202E, 0x200B, 0x9B] { #expect(!scalars.contains(bad), "U+\(String(bad, radix: 16))") }
        #expect(result.output.split(separator: "\n").count == 1, "the title's line break is not printed")
        #expect(result.output.contains("evil]0;pwned[2J gnp.exe title second line"))
        try await setup.close()
    }

    @Test func aWatchedSearchFindsANewQuestionMatchingIt() async throws {
        let setup = try await Setup(tags: [])
        var now = Int(setup.replica.now.timeIntervalSince1970)
        let first = try setup.watch(["--search", "quote a glob", "--site", "unix"], at: now)
        #expect(first.status == 1, "\(first.errors)")
        let id = setup.replica.arrive(question: "How do I quote a glob in zsh?", tags: ["zsh"], site: "unix")
        setup.replica.arrive(question: "How do I quote a glob in zsh?", tags: ["zsh"], site: "superuser")
        setup.aMinuteLater(&now)
        let second = try setup.watch(["--site", "unix"], at: now)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output == "\"quote a glob\" new question: How do I quote a glob in zsh?  https://unix.stackexchange.com/questions/\(id)\n")
        try await setup.close()
    }

    /// A `backoff` on the first site's search holds the second site's until the next check, said on one line.
    @Test func aBackoffHoldsTheRestForTheNextCheck() async throws {
        let setup = try await Setup(tags: ["rust", "unix:bash"], options: ReplicaOptions(backoffEvery: 1, backoffSeconds: 30, quota: 10_000))
        let now = Int(setup.replica.now.timeIntervalSince1970)
        let result = try setup.watch(at: now)
        #expect(result.status == 2)
        #expect(result.errors == "stackterm: watch: watching paused: the API asked for 30 s of rest; 1 request left for the next check\n")
        #expect(setup.replica.requestCount(pathPrefix: "/2.3/search/advanced") == 1)
        #expect(!setup.replica.logEntries().contains { $0.status != 200 }, "no throttle_violation")
        try await setup.close()
    }

    /// The quota a run saw holds the next run under the floor, without a request: cron cannot drain the quota.
    @Test func underTheQuotaFloorTheNextRunSendsNothing() async throws {
        let setup = try await Setup(tags: ["rust"], options: ReplicaOptions(quota: 300), extra: "quota_floor = 300\n")
        var now = Int(setup.replica.now.timeIntervalSince1970)
        let first = try setup.watch(at: now)
        #expect(first.status == 1, "\(first.errors)")
        let requests = setup.replica.requestCount(pathPrefix: "/2.3/")
        #expect(requests == 1)
        setup.aMinuteLater(&now)
        let second = try setup.watch(at: now)
        #expect(second.status == 2)
        #expect(second.errors == "stackterm: watch: watching paused: 299 requests left today, under the floor of 300; 1 request left for the next check\n")
        #expect(setup.replica.requestCount(pathPrefix: "/2.3/") == requests)
        try await setup.close()
    }

    @Test func nothingWatchedAndABadCommandLineAreOneLine() async throws {
        let setup = try await Setup(tags: [])
        let nothing = try setup.watch(at: 1_800_000_000)
        #expect(nothing.status == 2)
        #expect(nothing.errors == "stackterm: nothing is watched: add [watch] tags to the config, or --follow ID or --search TEXT\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
        process.arguments = ["watch", "--json"]
        process.environment = ProcessInfo.processInfo.environment.merging(setup.store.environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(String(decoding: data, as: UTF8.self) == "stackterm: --json needs --once (one document a check)\n")
        try await setup.close()
    }

    /// `--json` (issue 30, with issue 28's forms): one document with the README's keys, the same exit statuses, and
    /// a title as the API gave it (JSON escapes what must be).
    @Test func jsonWritesTheDocumentedDocument() async throws {
        let setup = try await Setup(tags: ["rust"])
        var now = Int(setup.replica.now.timeIntervalSince1970)
        let first = try setup.watch(["--json"], at: now)
        #expect(first.status == 1, "\(first.errors)")
        let empty = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
        #expect(empty["schema"] as? Int == 1)
        #expect((empty["new"] as? [Any])?.isEmpty == true)

        let title = "Why does \"this\" <fail>?"
        let id = setup.replica.arrive(question: title, tags: ["rust"])
        setup.aMinuteLater(&now)
        let found = try setup.watch(["--json"], at: now)
        #expect(found.status == 0, "\(found.errors)")
        let document = try JSONSerialization.jsonObject(with: Data(found.output.utf8))
        let items = try #require((document as? [String: Any])?["new"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["question_id"] as? Int == id)
        #expect(items.first?["kind"] as? String == "question")
        #expect(items.first?["watch"] as? String == "[rust]")
        #expect(items.first?["title"] as? String == title)
        #expect(items.first?["link"] as? String == "https://stackoverflow.com/questions/\(id)")
        // The README's example has exactly the keys of the real document.
        #expect(try ShellEndToEndTests.keyPaths(document) == Self.readmeWatchSchemaPaths())

        // Marked seen: the next check has nothing new, in the same form.
        setup.aMinuteLater(&now)
        let after = try setup.watch(["--json"], at: now)
        #expect(after.status == 1)
        let later = try #require(try JSONSerialization.jsonObject(with: Data(after.output.utf8)) as? [String: Any])
        #expect((later["new"] as? [Any])?.isEmpty == true)
        try await setup.close()
    }

    /// The key paths of the documented `watch --json` example (docs/WATCHING.md: the block after
    /// `<!-- watch-json-schema-1 -->`).
    static func readmeWatchSchemaPaths() throws -> Set<String> {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/WATCHING.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let marker = try #require(text.range(of: "<!-- watch-json-schema-1 -->\n```json\n"))
        let end = try #require(text.range(of: "\n```", range: marker.upperBound..<text.endIndex))
        return ShellEndToEndTests.keyPaths(try JSONSerialization.jsonObject(with: Data(text[marker.upperBound..<end.lowerBound].utf8)))
    }
}
