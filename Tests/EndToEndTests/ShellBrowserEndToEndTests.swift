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

    /// `q` on the question a link opened quits (nothing beneath it was chosen); `h` goes to the list beneath, where a
    /// question opened and left with `q` goes back to the list, and `q` there quits.
    @Test func qOnALinksQuestionQuitsAndHGoesToTheListBeneath() async throws {
        try await StacktermRun.with(arguments: ["https://stackoverflow.com/questions/79000006"]) { run in
            #expect(try await run.waitForStatus("line 1/"), "the detail has loaded")
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() == 0 }, "q quits from the link's question")
        }
        try await StacktermRun.with(arguments: ["https://stackoverflow.com/questions/79000006"]) { run in
            #expect(try await run.waitForStatus("line 1/"))
            try run.tmux.send("h")
            #expect(await eventually { run.lastFrame()?["screen"] as? String == "list" })
            #expect(try await eventually { try run.tmux.capture().contains { $0.contains("reflog") } })
            try run.tmux.send("Enter")
            #expect(await eventually { run.lastFrame()?["screen"] as? String == "detail" })
            try run.tmux.send("q")
            #expect(await eventually { run.lastFrame()?["screen"] as? String == "list" }, "q on a question from the list goes back")
            #expect(run.exitStatus() == nil)
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() == 0 })
        }
    }

    /// Issue 28's link → first frame: once a launch has made the filter that embeds a question's answers (kept beside
    /// the cache), a link's question is one request (`/questions/{id}`, its answers in it), not two.
    @Test func aLinkCostsOneRequestOnceTheFilterIsKept() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let kept = store.root.appendingPathComponent("cache/stackterm/shell-filter.txt")
        try await StacktermRun.with(arguments: ["https://stackoverflow.com/questions/79000006"], store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("line 1/"))
            // The very first launch: the question and its answers, then the filter is made for the next ones.
            #expect(run.finishedRequests(pathPrefix: "/2.3/questions/79000006/answers").count == 1)
            #expect(await eventually { (try? String(contentsOf: kept, encoding: .utf8))?.contains("withbody:question.answers !") == true })
            #expect(run.finishedRequests(pathPrefix: "/2.3/filters/create").count == 1)
        }
        try await StacktermRun.with(arguments: ["https://stackoverflow.com/questions/79000020"], store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("line 1/"))
            // Its five answers came with it: the last one's header shows at the end.
            try run.tmux.send("G")
            #expect(await eventually { (try? run.tmux.capture().contains { $0.contains("Answer 5 of 5") }) == true },
                    "\((try? run.tmux.capture()) ?? [])")
            let detail = run.finishedRequests(pathPrefix: "/2.3/questions/79000020")
            #expect(detail.map(\.path) == ["/2.3/questions/79000020"], "\(detail.map(\.path))")
            #expect(detail.first?.query["filter"]?.hasPrefix("!replica") == true)
            #expect(run.finishedRequests(pathPrefix: "/2.3/filters/create").isEmpty, "the kept name is used")
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

    /// `--site` twice: each site searched once on the user lane, one list whose rows name their site; the site the
    /// API throttles says so in the status bar while the other's rows stay.
    @Test func aQueryOverTwoSitesMergesTheirResultsAndSaysWhichIsThrottled() async throws {
        // The latency outlasts the client's spacing between two sends of one method (100 ms), so both searches are
        // out before the throttle's answer comes back: the throttle is Super User's alone.
        let run = try await StacktermRun.start(
            latencyMilliseconds: 300, arguments: ["--site", "stackoverflow", "--site", "superuser", "signal", "handler"]
        ) { replica, _ in
            replica.injectFault(.seError(id: 502, name: "throttle_violation", path: "/2.3/search/advanced"), site: "superuser")
        }
        do {
            #expect(try await run.waitForStatus("superuser: throttled"), "\((try? run.statusBar()) ?? "")")
            #expect(await eventually { (try? run.tmux.capture().contains { $0.contains(" stackoverflow ") }) == true },
                    "\((try? run.tmux.capture()) ?? [])")
            let rows = try run.tmux.capture().dropLast()
            #expect(!rows.contains { $0.contains("superuser ") }, "no Super User row: \(rows)")
            let searches = run.finishedRequests(pathPrefix: "/2.3/search/advanced")
            #expect(searches.compactMap { $0.query["site"] }.sorted() == ["stackoverflow", "superuser"], "one search a site")
            #expect(searches.allSatisfy { $0.query["sort"] == "relevance" && $0.query["q"] == "signal handler" })
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }

    /// The config's `sites = [...]` searches them all; a row of the merged list opens its question on its own site.
    @Test func aMergedRowOpensOnItsOwnSite() async throws {
        try await StacktermRun.with(arguments: ["signal", "handler"], config: "sites = [\"stackoverflow\", \"superuser\"]\n") { run in
            // The status bar names both sites (by their API names until the site list gives their own).
            #expect(await eventually {
                guard let status = try? run.statusBar() else { return false }
                return status.contains("stackoverflow + superuser · all · relevance · “signal handler”")
                    || status.contains("Stack Overflow + Super User · all · relevance · “signal handler”")
            }, "\((try? run.statusBar()) ?? "")")
            // Both sites' rows, interleaved by rank: the first is Stack Overflow's best, the second Super User's.
            #expect(await eventually {
                guard let rows = try? run.tmux.capture(), rows.count > 2 else { return false }
                return rows[1].contains(" stackoverflow ") && rows[2].contains(" superuser ")
            }, "\((try? run.tmux.capture()) ?? [])")
            try run.tmux.send("j")
            try run.tmux.send("Enter")
            #expect(await eventually { run.lastFrame()?["screen"] as? String == "detail" })
            #expect(await eventually {
                run.finishedRequests(pathPrefix: "/2.3/questions/").contains { $0.query["site"] == "superuser" }
            }, "the detail is asked of Super User")
        }
    }
}
