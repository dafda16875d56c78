import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Feedback for every action (issue 26, point 7), on the real binary: `n` says what the page brought, and the end
/// of a list says so.
@Suite(.serialized)
struct FeedbackEndToEndTests {
    @Test func nSaysWhatThePageBrought() async throws {
        try await StacktermRun.with(width: 80, height: 24) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("page 2: 30 more"))
        }
    }

    @Test func theEndOfAListSaysSo() async throws {
        try await StacktermRun.with(width: 120, height: 40, arguments: ["--tag", "unicode-width"]) { run in
            #expect(try await run.waitForStatus("1/6"))
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("the end of the list: no more questions"))
            try run.tmux.send("G", "j")
            #expect(try await run.waitForStatus("6/6"))
            #expect(try await run.waitForStatus("no more questions"), "Down on the last row says so too")
        }
    }

    /// Right words offline (issue 26, point 10): a question the store does not have, under `--offline`, names what
    /// can help instead of offering `r`.
    @Test func anUncachedQuestionOfflineSaysWhatCanHelp() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await StacktermRun.with(width: 120, height: 40, store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
        }
        try await StacktermRun.with(width: 120, height: 40, arguments: ["--offline"], store: store) {
            (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/30"))
            try run.tmux.send("Enter")
            #expect(try await eventually { try run.tmux.capture().joined().contains("not in the store — go online or pick another") })
            let screen = try run.tmux.capture().joined(separator: "\n")
            #expect(screen.contains("Esc back to pick another · r once online"), "\(screen)")
            #expect(!screen.contains("r retries"))
        }
    }

    /// The inbox's badge counts down as its unread items are opened (issue 26, point 11).
    @Test func theInboxBadgeCountsDownAsItemsAreRead() async throws {
        let run = try await StacktermRun.start(
            width: 120, height: 40, environment: SignInEndToEndTests.environment, grants: [SignInEndToEndTests.grant],
            prepare: { replica, store in try SignInEndToEndTests.keepSignIn(replica, store) })
        do {
            #expect(try await run.waitForStatus("✉ 2"))
            try run.tmux.send("i")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("Super User") }) == true })
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            #expect(try await run.waitForStatus("✉ 1"), "one item read")
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }
}

