import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Issue 26 point 2 on the real binary in tmux: the help fits and scrolls at 80×24, and lists the keys of the
/// screen it was opened from.
@Suite(.serialized)
struct HelpEndToEndTests {
    /// The rows of the help box, without its borders.
    func helpText(_ run: StacktermRun) throws -> String {
        try run.tmux.capture().joined(separator: "\n")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func theListsHelpShowsEveryDescriptionWholeAndScrolls(size: (width: Int, height: Int)) async throws {
        try await StacktermRun.with(width: size.width, height: size.height) { run in
            #expect(try await run.waitForStatus("\(StacktermRun.position(1, height: size.height))"))
            try run.tmux.send("?")
            // The box whole, to its bottom border: a capture taken while the frame is being written shows half of it.
            #expect(try await eventually { try helpText(run).contains("keys: list") && helpText(run).contains("└") })
            let first = try helpText(run)
            #expect(first.contains("page down (loads more at the end)"), "\(first)")
            #expect(first.contains("cancel the load in flight, else back"))
            let inside = first.split(separator: "\n").filter { $0.contains("│") }
                .map { $0.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first ?? "" }
            #expect(!inside.contains { $0.contains("…") }, "nothing in the box is cut: \(first)")
            if size.height < 30 {
                #expect(first.contains("PgDn scroll"))
                #expect(!first.contains("every message of this run"), "below the fold at first")
                try run.tmux.send("PageDown")
                #expect(try await eventually { try helpText(run).contains("every message of this run, in full") })
            } else {
                #expect(first.contains("every message of this run, in full"))
            }
            try run.tmux.send("Escape")
            #expect(try await eventually { try !helpText(run).contains("keys: list") })
            #expect(try run.statusBar().contains("\(StacktermRun.position(1, height: size.height))"), "the keys moved the help, not the list")
        }
    }

    @Test func theInboxsHelpListsTheInboxsKeysOnly() async throws {
        let run = try await StacktermRun.start(
            width: 80, height: 24, environment: SignInEndToEndTests.environment, grants: [SignInEndToEndTests.grant],
            prepare: { replica, store in try SignInEndToEndTests.keepSignIn(replica, store) })
        do {
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("i")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("Super User") }) == true })
            try run.tmux.send("?")
            #expect(try await eventually { try helpText(run).contains("keys: inbox") })
            let text = try helpText(run)
            #expect(text.contains("close the inbox"))
            for listOnly in ["filter by tag", "cycle the sort", "next page"] {
                #expect(!text.contains(listOnly), "\(listOnly) does nothing in the inbox: \(text)")
            }
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }

    @Test func f1OpensTheSitePickersHelp() async throws {
        try await StacktermRun.with(width: 80, height: 24) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("S")
            #expect(try await eventually { try run.statusBar().contains("site:") })
            try run.tmux.send("F1")
            #expect(try await eventually { try helpText(run).contains("keys: site picker") })
            #expect(try helpText(run).contains("switch to the site"))
            try run.tmux.send("Escape")
            #expect(try await eventually { try !helpText(run).contains("keys: site picker") })
            #expect(try run.statusBar().contains("site:"), "Esc closed the help, not the picker")
        }
    }
}
