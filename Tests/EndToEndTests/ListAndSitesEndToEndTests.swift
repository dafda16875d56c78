import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Issue 26 on the real binary against the replica: an opened item names its own site, a copy inside tmux says the
/// truth about `set-clipboard`, `--offline` shows what another API base cached, an unknown `--site` is named, `m`
/// marks the row in a column of its own, the bookmarks name each row's site, and the first page fills the screen.
@Suite(.serialized)
struct ListAndSitesEndToEndTests {
    /// Point 6: the inbox item on Super User, opened from a Stack Overflow list, shows Super User in the status bar.
    @Test func anInboxItemFromAnotherSiteNamesItsOwnSite() async throws {
        try await SignInEndToEndTests.signedIn { run in
            #expect(try await run.waitForStatus("✉ 2"))
            try run.tmux.send("i")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("Super User") }) == true })
            let rows = try run.tmux.capture()
            let superuserRow = try #require(rows.firstIndex { $0.contains("Super User") })
            let firstRow = try #require(rows.firstIndex { $0.contains("●") })
            for _ in 0..<(superuserRow - firstRow) { try run.tmux.send("Down") }
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            let bar = try run.statusBar()
            #expect(bar.hasPrefix(" Super User │ #"), "\(bar)")
            #expect(!bar.contains("Stack Overflow"))
        }
    }

    /// Point 9: inside tmux with its default `set-clipboard external`, `y` says how to turn it on and claims nothing.
    @Test func aCopyInsideTmuxWithTheDefaultSetClipboardSaysHowToEnableIt() async throws {
        try await StacktermRun.with() { run in
            #expect(try run.tmux.command("show", "-gv", "set-clipboard").trimmingCharacters(in: .whitespacesAndNewlines) == "external")
            #expect(try await run.waitForStatus("1/30"))
            try run.tmux.send("y")
            #expect(try await run.waitForStatus("set -g set-clipboard on"), "\((try? run.statusBar()) ?? "")")
            #expect(try !run.statusBar().contains("copied https"))
            #expect((try? run.tmux.command("show-buffer")) == nil, "tmux holds no buffer")
        }
    }

    /// Point 9: with `set-clipboard on`, `y` copies and tmux holds the link.
    @Test func aCopyInsideTmuxWithSetClipboardOnLandsInTmuxsBuffer() async throws {
        try await StacktermRun.with() { run in
            try run.tmux.command("set-option", "-g", "set-clipboard", "on")
            #expect(try await run.waitForStatus("1/30"))
            try run.tmux.send("y")
            #expect(try await run.waitForStatus("copied https://"), "\((try? run.statusBar()) ?? "")")
            let stored = await eventually { (try? run.tmux.command("show-buffer"))?.hasPrefix("https://stackoverflow.com/") == true }
            #expect(stored, "tmux holds: \((try? run.tmux.command("show-buffer")) ?? "no buffer")")
        }
    }

    /// Point 10: what a run against the replica (127.0.0.1, as `scripts/demo`) cached shows under `--offline` with
    /// the default API base: the store keeps lists by site and query, not by API host.
    @Test func offlineShowsWhatARunAgainstAnotherAPIBaseCached() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await StacktermRun.with(width: 120, height: 40, store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/60+"))
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
        }
        // Offline nothing is sent, so the real API's address is never reached.
        let realAPI = try #require(URL(string: "https://api.stackexchange.com/2.3"))
        try await StacktermRun.with(width: 120, height: 40, arguments: ["--offline"], store: store, apiBase: realAPI) {
            (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("offline"))
            // Page 1 from the store, and page 2 as well when the store has it.
            let shown = await eventually {
                let bar = (try? run.statusBar()) ?? ""
                return bar.contains("1/30") || bar.contains("1/60")
            }
            #expect(shown, "\((try? run.tmux.capture().joined(separator: "\n")) ?? "")")
            #expect(try !run.tmux.capture().joined().contains("nothing loaded"))
        }
    }

    /// Point 10: `--site stackoverfow` names the unknown site with the nearest names and offers the picker.
    @Test func anUnknownSiteIsNamedWithTheNearestNamesAndThePicker() async throws {
        try await StacktermRun.with(width: 120, height: 40, arguments: ["--site", "stackoverfow"]) { run in
            let named = await eventually(within: 15) {
                (try? run.tmux.capture().first { $0.contains("no site “stackoverfow”") }?.contains("(did you mean stackoverflow?)")) == true
            }
            let screen = (try? run.tmux.capture().joined(separator: "\n")) ?? ""
            #expect(named, "\(screen)")
            #expect(screen.contains("S picks a site"))
            #expect(!screen.contains("r retries"))
            try run.tmux.send("S")
            #expect(try await run.waitForStatus("site:"), "S opens the picker")
        }
    }

    /// Point 7: `m` marks the selected row in a column of its own (visible through the reverse video) and says so.
    @Test func mMarksTheRowAndSaysSo() async throws {
        try await StacktermRun.with() { run in
            #expect(try await run.waitForStatus("1/30"))
            let row = { try run.tmux.capture()[1] }
            #expect(try row().hasPrefix(" "))
            try run.tmux.send("m")
            #expect(try await run.waitForStatus("marked read"))
            let marked = try row()
            #expect(marked.hasPrefix("·"), "\(marked)")
            try run.tmux.send("m")
            #expect(try await run.waitForStatus("marked unread"))
            #expect(try row().hasPrefix(" "))
        }
    }

    /// Point 11: the bookmarks list has a site column.
    @Test func theBookmarksListNamesEachRowsSite() async throws {
        try await StacktermRun.with() { run in
            #expect(try await run.waitForStatus("1/30"))
            try run.tmux.send("b")
            #expect(try await run.waitForStatus("bookmarked"))
            try run.tmux.send("B")
            #expect(try await run.waitForStatus("bookmarks"))
            let screen = try run.tmux.capture()
            let header = screen[0]
            let column = try #require(header.range(of: " site ")).lowerBound
            let offset = header.distance(from: header.startIndex, to: column) + 1
            #expect(String(screen[1].dropFirst(offset).prefix(13)) == "stackoverflow", "\(header)\n\(screen[1])")
        }
    }

    /// Point 11: at 40 rows a first page of 30 leaves rows empty, so the second page comes at once.
    @Test func theFirstPageFillsTheScreenAt40Rows() async throws {
        try await StacktermRun.with(width: 120, height: 40) { run in
            #expect(try await run.waitForStatus("1/60+"), "\((try? run.statusBar()) ?? "")")
            #expect(run.finishedRequests(pathPrefix: "/2.3/questions").contains { $0.query["page"] == "2" })
            let screen = try run.tmux.capture()
            #expect(screen[1..<38].allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "no blank row above the status bar")
        }
    }
}
