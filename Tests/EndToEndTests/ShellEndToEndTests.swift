import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// `stackterm --print`, `--json`, links and exit statuses, as a script or a person at a prompt uses them: the real
/// binary without a terminal, against the replica.
@Suite(.serialized)
struct ShellEndToEndTests {
    /// A replica and a private store for one test.
    static func with(_ body: (ReplicaServer, StoreDirectory) async throws -> Void) async throws {
        let replica = try await ReplicaServer.start(ReplicaOptions(quota: 10_000))
        let store = try StoreDirectory.make()
        defer { store.remove() }
        do {
            try await body(replica, store)
        } catch {
            try await replica.shutdown()
            throw error
        }
        try await replica.shutdown()
    }

    /// Dates move with the replica's clock (its newest question is five minutes old at start): they are masked.
    static func maskingDates(_ text: String) -> String {
        text.replacingOccurrences(of: #""\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ""#, with: "\"<date>\"", options: .regularExpression)
    }

    @Test func printOfAKnownCorpusIsTheExpectedTextInTwoRequests() async throws {
        try await Self.with { replica, store in
            let run = try ShellRun.run(["--print", "-n", "3", "reflog"], replica: replica, store: store)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.errors.isEmpty)
            #expect(try ShellRun.matchesExpected(run.output, named: "print-reflog-n3.txt"), "\(run.output)")
            #expect(!run.output.contains("\u{1B}["), "no colours into a pipe")
            let paths = replica.logEntries().map(\.path)
            #expect(paths.count == 2, "\(paths)")
            #expect(paths.first?.hasSuffix("/filters/create") == true)
        }
    }

    /// The filter's name is kept beside the cache: the next `--print` (of another request: the same one within a
    /// minute is answered by the data file's record) is one request.
    @Test func aKeptFilterMakesTheNextPrintOneRequest() async throws {
        try await Self.with { replica, store in
            let first = try ShellRun.run(["--print", "reflog"], replica: replica, store: store)
            #expect(first.status == 0)
            #expect(replica.logEntries().count == 2)
            let second = try ShellRun.run(["--print", "-n", "2", "reflog"], replica: replica, store: store)
            #expect(second.status == 0)
            #expect(second.output.hasPrefix(first.output))
            let paths = replica.logEntries().map(\.path)
            #expect(paths.count == 3, "\(paths)")
            #expect(paths.last?.hasSuffix("/search/advanced") == true)
        }
    }

    @Test func aQueryIntoAPipePrintsAsPrintDoes() async throws {
        try await Self.with { replica, store in
            let piped = try ShellRun.run(["-n", "3", "reflog"], replica: replica, store: store)
            #expect(piped.status == 0, "\(piped.errors)")
            #expect(try ShellRun.matchesExpected(piped.output, named: "print-reflog-n3.txt"))
        }
    }

    @Test func jsonOfAKnownCorpusIsTheExpectedDocumentAndTheReadmesSchema() async throws {
        try await Self.with { replica, store in
            let run = try ShellRun.run(
                ["--json", "-n", "2", "--site", "stackoverflow", "--site", "unix", "--site", "nosuch", "reflog"],
                replica: replica, store: store)
            #expect(run.status == 0, "\(run.errors)")
            #expect(try ShellRun.matchesExpected(Self.maskingDates(run.output), named: "json-reflog-n2.json"), "\(run.output)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            #expect(document["schema"] as? Int == 1)
            let sites = try #require(document["sites"] as? [[String: Any]])
            #expect(sites.map { $0["outcome"] as? String } == ["ok", "ok", "error"])
            #expect(sites[2]["error_name"] as? String == "bad_parameter")
            // The README's schema names every key the output has, and no key it never has.
            let documented = try Self.readmeSchemaPaths()
            let real = Self.keyPaths(document)
            #expect(real.subtracting(documented).isEmpty, "undocumented: \(real.subtracting(documented).sorted())")
            // Not in this corpus: a throttled site, an accepted answer.
            let notHere: Set = ["sites[].retry_after_seconds", "questions[].accepted_answer_id"]
            #expect(documented.subtracting(real).subtracting(notHere).isEmpty,
                    "documented but never written: \(documented.subtracting(real).sorted())")
        }
    }

    @Test(arguments: [
        ("https://stackoverflow.com/questions/79100100/which-terminal-emulators", "answerer1", "accepted"),
        ("https://stackoverflow.com/q/79100100", "answerer1", "accepted"),
        ("https://stackoverflow.com/a/80100005", "answerer5", "score 236"),
        ("https://stackoverflow.com/questions/79100100/x#answer-80100007", "answerer7", "score 234"),
        ("https://stackoverflow.com/questions/79100100/x/80100009#80100009", "answerer9", "score 232"),
        ("stackoverflow.com/questions/79100100/x#80100011", "answerer11", "score 230"),
    ])
    func eachLinkFormPrintsItsQuestionAndAnswer(link: String, author: String, detail: String) async throws {
        try await Self.with { replica, store in
            let run = try ShellRun.run(["--print", link], replica: replica, store: store)
            #expect(run.status == 0, "\(run.errors)")
            let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "Which terminal emulators draw emoji with skin tones correctly?")
            let header = try #require(lines.first { $0.hasPrefix("Answer by ") })
            #expect(header.hasPrefix("Answer by \(author) ·") && header.contains(detail), "\(header)")
        }
    }

    /// `--` first: a question that starts with an account command's name is a query, not the command.
    @Test func aQueryThatStartsWithACommandsNameReachesTheSearch() async throws {
        try await Self.with { replica, store in
            let run = try ShellRun.run(["--print", "--", "login", "fails"], replica: replica, store: store)
            #expect(run.status == 1, "\(run.errors)")
            let search = try #require(replica.logEntries().first { $0.path.hasSuffix("/search/advanced") })
            #expect(search.query["q"] == "login fails")
        }
    }

    @Test func aLinkToNoSiteIsRefusedInOneLine() async throws {
        try await Self.with { replica, store in
            let run = try ShellRun.run(["https://example.com/questions/1/x"], replica: replica, store: store)
            #expect(run.status == 64)
            #expect(run.errors == "stackterm: example.com is not a Stack Exchange site\n")
            #expect(replica.logEntries().isEmpty, "nothing was asked")
        }
    }

    @Test func everyExitStatus() async throws {
        try await Self.with { replica, store in
            let found = try ShellRun.run(["--print", "reflog"], replica: replica, store: store)
            #expect(found.status == 0)
            let nothing = try ShellRun.run(["--print", "zzqqxxnothing"], replica: replica, store: store)
            #expect(nothing.status == 1)
            #expect(nothing.errors == "stackterm: nothing found\n")
            let noSite = try ShellRun.run(["--print", "--site", "nosuch", "reflog"], replica: replica, store: store)
            #expect(noSite.status == 64, "\(noSite.errors)")
            let badCount = try ShellRun.run(["--print", "-n", "0", "reflog"], replica: replica, store: store)
            #expect(badCount.status == 64)
            #expect(badCount.errors == "stackterm: -n must be between 1 and 30, not 0\n")
            let unavailable = try ShellRun.run(["--print", "reflog"], replica: nil, store: store)
            #expect(unavailable.status == 69)
            #expect(unavailable.errors.hasPrefix("stackterm: stackoverflow: network error"), "\(unavailable.errors)")
            // Other queries from here on: the one above would be answered by the record, with no network to need.
            let noCurl = try ShellRun.run(["--print", "reflog", "handler"], replica: replica, store: store,
                                          environment: ["STACKTERM_LIBCURL": "/nonexistent/libcurl.so.4"])
            #expect(noCurl.status == 69, "\(noCurl.errors)")
            #expect(noCurl.errors.hasPrefix("stackterm: the network needs libcurl 4"), "\(noCurl.errors)")
            let config = store.root.appendingPathComponent("config/stackterm")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try "pagesize = 5\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
            let badConfig = try ShellRun.run(["--print", "reflog", "generics"], replica: replica, store: store)
            #expect(badConfig.status == 78)
            try FileManager.default.removeItem(at: config.appendingPathComponent("config.toml"))
            replica.throttleIP(seconds: 30)
            let throttled = try ShellRun.run(["--print", "reflog", "cancel"], replica: replica, store: store)
            #expect(throttled.status == 75, "\(throttled.errors)")
            #expect(throttled.errors.contains("try again in "), "\(throttled.errors)")
            #expect(throttled.errors.contains(" seconds"))
        }
    }

    @Test func aPipeClosedAfterOneLineEndsQuietly() async throws {
        try await Self.with { replica, store in
            // Every one of 240 answers as JSON (about 130 kB): far more than a pipe holds, so the writer meets the closed
            // pipe, and ends quietly with a pipe's status, 141 (not killed by the signal), saying nothing.
            let status = store.root.appendingPathComponent("status").path
            let errors = store.root.appendingPathComponent("errors").path
            let command = [Binaries.stackterm, "--api-base", replica.baseURL.absoluteString, "--json", "--all-answers",
                           "https://stackoverflow.com/q/79100100"].map { "'\($0)'" }.joined(separator: " ")
            let run = try ShellRun.bash("\(command) 2>'\(errors)' | head -n 1; echo ${PIPESTATUS[0]} >'\(status)'", store: store)
            #expect(run.output == "{\n")
            #expect(try String(contentsOfFile: errors, encoding: .utf8) == "", "no error message")
            #expect(try String(contentsOfFile: status, encoding: .utf8) == "141\n")
        }
    }

    @Test func offlinePrintSearchesTheStoreAndSaysSo() async throws {
        try await Self.with { replica, store in
            let online = try ShellRun.run(["--print", "reflog"], replica: replica, store: store)
            #expect(online.status == 0)
            let before = replica.logEntries().count
            let offline = try ShellRun.run(["--offline", "--print", "reflog"], replica: replica, store: store)
            #expect(offline.status == 0, "\(offline.errors)")
            #expect(replica.logEntries().count == before, "no request offline")
            let lines = offline.output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "(local results: from the store, not the network)")
            #expect(offline.output.contains("What's the idiomatic way to cancel reflog?"))
            let missing = try ShellRun.run(["--offline", "--json", "zzqqxx"], replica: replica, store: store)
            #expect(missing.status == 1)
            #expect(missing.output.contains("\"source\" : \"local\""))
        }
    }

    /// The key paths of a JSON value: `a.b`, arrays as `[]`.
    static func keyPaths(_ value: Any, prefix: String = "") -> Set<String> {
        var paths = Set<String>()
        if let object = value as? [String: Any] {
            for (key, inner) in object {
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                paths.insert(path)
                paths.formUnion(keyPaths(inner, prefix: path))
            }
        } else if let array = value as? [Any] {
            for inner in array { paths.formUnion(keyPaths(inner, prefix: prefix + "[]")) }
        }
        return paths
    }

    /// The key paths of the documented schema example (docs/SHELL.md: the JSON block after `<!-- json-schema-1 -->`).
    static func readmeSchemaPaths() throws -> Set<String> {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/SHELL.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let marker = try #require(text.range(of: "<!-- json-schema-1 -->\n```json\n"))
        let end = try #require(text.range(of: "\n```", range: marker.upperBound..<text.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(text[marker.upperBound..<end.lowerBound].utf8))
        return keyPaths(json)
    }
}
