import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// A query or a link on the command line opens the browser on it: the real binary in tmux against the replica.
struct ShellBrowserEndToEndTests {
    @Test func aQueryOpensTheSearchResultsByRelevance() async throws {
        try await StacktermRun.with(arguments: ["cancel", "reflog"]) { run in
            #expect(try await run.waitForStatus("relevance · “cancel reflog”"))
            #expect(await eventually { (try? run.tmux.capture().contains { $0.contains("What's the idiomatic way to cancel reflog?") }) == true })
            let search = try #require(run.replica.logEntries().first { $0.path.hasSuffix("/search/advanced") })
            #expect(search.query["sort"] == "relevance")
            #expect(search.query["q"] == "cancel reflog")
        }
    }

    @Test func aLinkOpensItsQuestion() async throws {
        try await StacktermRun.with(arguments: ["https://stackoverflow.com/questions/79000006/whats-the-idiomatic-way"]) { run in
            #expect(await eventually { run.lastFrame()?["screen"] as? String == "detail" })
            #expect(try await run.waitForStatus("line 1/"), "the detail has loaded")
            let screen = try run.tmux.capture()
            #expect(screen.contains { $0.contains("What's the idiomatic way to cancel reflog?") })
            // Esc goes back to the site's list beneath it.
            try run.tmux.send("Escape")
            #expect(await eventually { run.lastFrame()?["screen"] as? String == "list" })
        }
    }

    @Test func anAnswerLinkScrollsToTheAnswer() async throws {
        try await StacktermRun.with(arguments: ["https://stackoverflow.com/a/80100007"]) { run in
            #expect(await eventually { run.lastFrame()?["screen"] as? String == "detail" })
            #expect(await eventually { (try? run.tmux.capture().prefix(3).contains { $0.contains("answerer7") }) == true },
                    "the linked answer's header is at the top: \((try? run.tmux.capture()) ?? [])")
            let status = try run.statusBar()
            #expect(!status.contains("line 1/"), "\(status)")
        }
    }
}
