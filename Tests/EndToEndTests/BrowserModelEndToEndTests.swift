import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// The defects the browser model fixed, as a person meets them: the real binary in tmux against the replica.
@Suite(.serialized)
struct BrowserModelEndToEndTests {
    @Test func aBookmarkFromAnotherSiteShowsThatSitesComments() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let first = try await StacktermRun.start(arguments: ["--site", "superuser"], store: store)
        do {
            #expect(try await first.waitForStatus("1/30+"))
            try first.tmux.send("b")
            #expect(try await first.waitForStatus("bookmarked"))
            try first.tmux.send("q")
            #expect(await eventually { first.exitStatus() == 0 })
        } catch {
            try await first.stop()
            throw error
        }
        try await first.stop()

        let second = try await StacktermRun.start(store: store)
        do {
            #expect(try await second.waitForStatus("1/30+"))
            try second.tmux.send("B")
            #expect(try await second.waitForStatus("bookmarks"))
            try second.tmux.send("Enter")
            #expect(try await second.waitForStatus("line 1/"))
            try second.tmux.send("c")
            #expect(try await eventually { try second.tmux.capture().contains { $0.contains("  │ — ▲") } }, "its comments show")
            let requests = second.finishedRequests(pathPrefix: "/2.3/posts/")
            #expect(requests.count == 1)
            #expect(requests.allSatisfy { $0.query["site"] == "superuser" }, "\(requests.map(\.query))")
            #expect(second.finishedRequests(pathPrefix: "/2.3/questions/").allSatisfy { $0.query["site"] == "superuser" })
        } catch {
            try await second.stop()
            throw error
        }
        try await second.stop()
    }

    @Test func aQuestionReopenedFromTheStoreKeepsItsAnswersPastTheFirstHundred() async throws {
        try await StacktermRun.with { run in
            try await run.openTheQuestionWith240Answers()
            try run.tmux.send("G")
            #expect(try await run.waitForStatus("answers 200/240+"))
            try run.tmux.send("G")
            #expect(try await eventually { try !run.statusBar().contains("answers") && run.statusBar().contains("line") })
            try run.tmux.send("Escape")
            #expect(try await run.waitForStatus("1/1"))
            // Within the freshness window: from the store, with nothing sent.
            let detailRequests = run.finishedRequests(pathPrefix: "/2.3/questions/79100100").count
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("answers 100/240+"), "the stored copy knows more answers exist")
            try run.tmux.send("G")
            #expect(try await run.waitForStatus("answers 200/240+"))
            try run.tmux.send("G")
            #expect(try await eventually { try !run.statusBar().contains("answers") && run.statusBar().contains("line") })
            let pages = run.finishedRequests(pathPrefix: "/2.3/questions/79100100/answers").compactMap { $0.query["page"] }
            #expect(pages == ["1", "2", "3", "2", "3"], "\(pages)")
            #expect(run.finishedRequests(pathPrefix: "/2.3/questions/79100100").count - detailRequests == 2)
        }
    }

    @Test func holdingReloadForThreeSecondsSendsAtMostTwoRequests() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            let before = run.replica.requestCount(pathPrefix: "/2.3/questions")
            // A terminal's key repeat: 30 a second for 3 seconds (the pacing is the input, not a wait for a condition).
            for _ in 0..<90 {
                try run.tmux.send("r")
                try await Task.sleep(for: .milliseconds(33))
            }
            #expect(try await run.waitForStatus("1/30+"))
            let sent = run.replica.requestCount(pathPrefix: "/2.3/questions") - before
            #expect(sent >= 1 && sent <= 2, "held r sent \(sent) requests")
        }
    }
}
