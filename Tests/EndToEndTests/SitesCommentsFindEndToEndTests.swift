import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// The site picker, comments and find in page, driven by keys in tmux against the replica.
@Suite(.serialized)
struct SitesCommentsFindEndToEndTests {
    @Test func sSwitchesToAnotherSiteWithItsOwnQuestions() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            #expect(try await run.waitForStatus("Stack Overflow · all"), "the site's name, from the list read in the background")
            let stackoverflowRows = Array(try run.tmux.capture().prefix(29))
            try run.tmux.send("S")
            #expect(try await run.waitForStatus("Enter switch"))
            #expect(try run.tmux.capture().contains { $0.contains("• Stack Overflow") })
            for key in ["u", "n", "i", "x"] { try run.tmux.send(key) }
            #expect(try await run.waitForStatus("1/1 · Enter switch"))
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("Unix & Linux · all · activity"))
            #expect(try await run.waitForStatus("1/30+"))
            #expect(Array(try run.tmux.capture().prefix(29)) != stackoverflowRows, "another site, other questions")
            let sites = run.finishedRequests(pathPrefix: "/2.3/sites")
            #expect(sites.count == 1, "the picker reuses the list read at start (kept for a day)")
            #expect(sites.allSatisfy { $0.query["pagesize"] == "100" && $0.status == 200 })
            #expect(run.finishedRequests(pathPrefix: "/2.3/questions").contains { $0.query["site"] == "unix" && $0.status == 200 })
        }
    }

    @Test func aSecondLaunchTheSameDayTakesTheSiteListFromTheStore() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let first = try await StacktermRun.start(store: store)
        do {
            #expect(try await first.waitForStatus("Stack Overflow · all"), "the list was read (and filed) in the background")
            #expect(first.replica.requestCount(pathPrefix: "/2.3/sites") == 1)
            try first.tmux.send("q")
            #expect(await eventually { first.exitStatus() != nil }, "quitting waits for the store's writes")
        } catch {
            try await first.stop()
            throw error
        }
        try await first.stop()
        let second = try await StacktermRun.start(store: store)
        do {
            #expect(try await second.waitForStatus("1/30+"))
            #expect(try await second.waitForStatus("Stack Overflow · all"), "the site's name, from the stored list")
            try second.tmux.send("S")
            #expect(try await second.waitForStatus("Enter switch"))
            #expect(try second.tmux.capture().contains { $0.contains("• Stack Overflow") })
            #expect(second.replica.requestCount(pathPrefix: "/2.3/sites") == 0, "no /sites request on the second launch")
            #expect(second.replica.requestCount(pathPrefix: "/2.3/questions") >= 1, "while the list itself was asked for")
        } catch {
            try await second.stop()
            throw error
        }
        try await second.stop()
    }

    @Test func cShowsTheCommentsUnderThePosts() async throws {
        try await StacktermRun.with(arguments: ["--sort", "creation"]) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            #expect(!(try run.tmux.capture().contains { $0.contains("— ▲") }))
            try run.tmux.send("c")
            #expect(try await eventually {
                let status = try run.statusBar()
                return status.contains(" comments") && !status.contains("…")
            })
            #expect(try await eventually { try run.tmux.capture().contains { $0.contains("  │ — ▲") } }, "a comment's byline")
            let requests = run.finishedRequests(pathPrefix: "/2.3/posts/")
            #expect(requests.count == 1)
            #expect(requests.allSatisfy { $0.path.hasSuffix("/comments") && $0.query["filter"] == "withbody" && $0.status == 200 })
            try run.tmux.send("c")
            #expect(try await eventually { !(try run.tmux.capture().contains { $0.contains("  │ — ▲") }) })
        }
    }

    @Test func slashFindsInThePageAndNMovesThroughTheMatches() async throws {
        try await StacktermRun.with(arguments: ["--sort", "creation"]) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            try run.tmux.send("/")
            for key in ["t", "h", "e"] { try run.tmux.send(key) }
            #expect(try await run.waitForStatus("match 1/"))
            let total = try #require(Self.matchTotal(try run.statusBar()))
            try #require(total >= 2, "the page holds the word more than once")
            try run.tmux.send("Enter")
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("match 2/\(total)"))
            try run.tmux.send("N")
            try run.tmux.send("N")
            #expect(try await run.waitForStatus("match \(total)/\(total)"), "N wraps from the first to the last")
            try run.tmux.send("Escape")
            #expect(try await eventually { !(try run.statusBar().contains("match")) })
            #expect(try run.statusBar().contains("line "), "Esc cleared the find, the detail stays")
            #expect(run.finishedRequests(pathPrefix: "/2.3/search").isEmpty, "find never asks the API")
        }
    }

    /// The 17 of `match 3/17`.
    static func matchTotal(_ status: String) -> Int? {
        guard let range = status.range(of: #"match \d+/(\d+)"#, options: .regularExpression) else { return nil }
        return Int(status[range].split(separator: "/").last ?? "")
    }
}
