import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Prompts that edit as readline does, their history kept across runs, and back leaving a filter (issue 26), on
/// the real binary in tmux.
@Suite(.serialized)
struct PromptEditingEndToEndTests {
    @Test(arguments: [(80, 24), (120, 40)])
    func theSearchPromptEditsWhereTheCursorIs(size: (width: Int, height: Int)) async throws {
        try await StacktermRun.with(width: size.width, height: size.height) { run in
            #expect(try await run.waitForStatus("\(StacktermRun.position(1, height: size.height))"))
            try run.tmux.send("/")
            #expect(try await run.waitForStatus("search:"))
            try run.tmux.sendLiteral("ref")
            try run.tmux.send("Left", "Left")
            try run.tmux.sendLiteral("X")
            #expect(try await run.waitForStatus("search: rXef"))
            try run.tmux.send("Home")
            try run.tmux.sendLiteral("A")
            try run.tmux.send("C-e")
            try run.tmux.sendLiteral(" word")
            #expect(try await run.waitForStatus("search: ArXef word"))
            try run.tmux.send("C-w")
            #expect(try await eventually { try run.statusBar().trimmingCharacters(in: .whitespaces).hasSuffix("search: ArXef") })
            try run.tmux.send("C-a", "C-k")
            #expect(try await eventually { try !run.statusBar().contains("ArXef") })
            try run.tmux.send("Escape")
            #expect(try await run.waitForStatus("\(StacktermRun.position(1, height: size.height))"))
        }
    }

    @Test func backLeavesATagFilterForTheListItCameFromAtItsRow() async throws {
        try await StacktermRun.with(width: 120, height: 40) { run in
            #expect(try await run.waitForStatus("1/60+"))
            try run.tmux.send("Down", "Down")
            #expect(try await run.waitForStatus("3/60+"))
            try run.tmux.send("t")
            try run.tmux.sendLiteral("bash")
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("· bash ·"))
            for key in ["Left", "BSpace"] {
                try run.tmux.send(key)
                #expect(try await run.waitForStatus("· all ·"), "\(key) leaves the filter")
                let bar = try run.statusBar()
                #expect(bar.contains("3/60+"), "at its row: \(bar)")
                try run.tmux.send("t")
                try run.tmux.send("C-u")
                try run.tmux.sendLiteral("bash")
                try run.tmux.send("Enter")
                #expect(try await run.waitForStatus("· bash ·"))
            }
        }
    }

    @Test func aPromptsHistoryIsKeptAcrossRuns() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await StacktermRun.with(width: 80, height: 24, store: store) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("/")
            try run.tmux.sendLiteral("regex")
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("“regex”"))
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
        }
        try await StacktermRun.with(width: 80, height: 24, store: store) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("/")
            #expect(try await run.waitForStatus("search:"))
            try run.tmux.send("Up")
            #expect(try await run.waitForStatus("search: regex"))
        }
    }
}
