import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Issue 26 point 1 and issue 25 finding 13, on the real binary in tmux: notices that fade, errors and hints that
/// stay on their own screen, and the messages screen (`M`) that keeps every one in full.
@Suite(.serialized)
struct StatusMessageEndToEndTests {
    @Test func aDoneNoticeFadesWithoutAKey() async throws {
        try await StacktermRun.with(width: 120, height: 40) { run in
            #expect(try await run.waitForStatus("1/60+"))
            try run.tmux.send("b")
            #expect(try await run.waitForStatus("bookmarked"))
            #expect(try await eventually(within: 10) { try !run.statusBar().contains("bookmarked") }, "it fades on its own")
            #expect(try run.statusBar().contains("1/60+"))
        }
    }

    @Test func theNextKeyEndsANotice() async throws {
        try await StacktermRun.with(width: 80, height: 24) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("b")
            #expect(try await run.waitForStatus("bookmarked"))
            try run.tmux.send("j")
            #expect(try await run.waitForStatus("2/30+"))
            #expect(try !run.statusBar().contains("bookmarked"))
        }
    }

    @Test func theListsHintDoesNotFollowIntoTheDetail() async throws {
        try await StacktermRun.with(width: 120, height: 40) { run in
            #expect(try await run.waitForStatus("1/60+"))
            run.replica.setLatency(milliseconds: 10_000)
            try run.tmux.send("n")
            #expect(await eventually { run.replica.requestCount(pathPrefix: "/2.3/questions") >= 2 })
            try run.tmux.send("Escape")
            #expect(try await run.waitForStatus("n or r retries"))
            run.replica.setLatency(milliseconds: 50)
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            let bar = try run.statusBar()
            #expect(!bar.contains("retries"), "n is next match here: \(bar)")
        }
    }

    /// A store directory others can write: the status bar names the path once, shortened in the middle, with the
    /// whole reason; `M` shows the message in full.
    @Test(arguments: [(120, 40), (80, 24)])
    func aStoreProblemNamesItsPathOnceAndMShowsItWhole(size: (width: Int, height: Int)) async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let data = store.root.appendingPathComponent("data/stackterm")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: data.path)
        try await StacktermRun.with(width: size.width, height: size.height, store: store) { run in
            #expect(try await run.waitForStatus("bookmarks off"))
            #expect(try await run.waitForStatus("\(StacktermRun.position(1, height: size.height))"), "the first page loaded: the spinner no longer takes room")
            let bar = try run.statusBar()
            #expect(bar.components(separatedBy: "data/stackterm").count <= 2, "the path once: \(bar)")
            if size.width >= 120 {
                #expect(bar.contains("can be written by others (mode 777); chmod 700 it"), "the reason whole: \(bar)")
                #expect(bar.contains("…"), "the path shortened in its middle: \(bar)")
            }
            try run.tmux.send("M")
            #expect(try await eventually { try run.tmux.capture().first?.contains("messages:") == true })
            let screen = try run.tmux.capture().joined().filter { !$0.isWhitespace }
            #expect(screen.contains(data.path + "canbewrittenbyothers(mode777);chmod700it"), "\(screen)")
            try run.tmux.send("Escape")
            #expect(try await eventually { try run.tmux.capture().first?.contains("messages:") != true })
        }
    }
}
