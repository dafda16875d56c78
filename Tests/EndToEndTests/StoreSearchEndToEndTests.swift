import Foundation
import TestSupport
import Testing

/// Searching the store from the browser (issue 29), as a person does: `L` online, then `/` under `--offline`, each
/// finding a question seen in an earlier run, its row showing the matched word beside the title.
@Suite(.serialized)
struct StoreSearchEndToEndTests {
    /// Up to three of the longest words of an open question's title (its first line): words the store's index holds,
    /// and together they find that question first.
    static func titleWords(_ screen: [String]) throws -> [String] {
        let title = try #require(screen.first)
        let words = title.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }.filter { $0.count >= 4 }
        return Array(words.sorted { $0.count > $1.count }.prefix(3))
    }

    @Test func lSearchesTheStoreOnlineAndSlashDoesOffline() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        var words: [String] = []
        try await StacktermRun.with(store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/30+"))
            // Opened once, so that its answers are in the store for the offline run.
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            words = try Self.titleWords(try run.tmux.capture())
            try run.tmux.send("Escape")
            #expect(try await run.waitForStatus("1/30+"))
            let requests = run.replica.requestCount(pathPrefix: "/2.3")
            try run.tmux.send("L")
            #expect(try await run.waitForStatus("search the store:"))
            try run.tmux.sendLiteral(words.joined(separator: " "))
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("store · “\(words.joined(separator: " "))”"))
            let rows = try run.tmux.capture().dropFirst().prefix(5)
            #expect(rows.contains { $0.lowercased().components(separatedBy: words[0]).count >= 3 }, "title and snippet: \(rows)")
            #expect(run.replica.requestCount(pathPrefix: "/2.3") == requests, "the store answered, not the API")
            try run.tmux.send("q")
        }
        try #require(!words.isEmpty)
        try await StacktermRun.with(arguments: ["--offline"], store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("offline"))
            try run.tmux.send("/")
            #expect(try await run.waitForStatus("search the store:"))
            try run.tmux.sendLiteral(words.joined(separator: " "))
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("store · “\(words.joined(separator: " "))”"))
            let first = try #require(try run.tmux.capture().dropFirst().first)
            #expect(first.lowercased().contains(words[0]), "\(first)")
            try run.tmux.send("Enter")
            let opened = try await run.waitForStatus("line 1/")
            let screen = try run.tmux.capture()
            #expect(opened, "the found question opens from the store: \(screen)")
            #expect(run.replica.requestCount(pathPrefix: "/2.3") == 0)
        }
    }
}
