import Foundation
import TestSupport
import Testing

/// An open question's age moves with the clock, with no key pressed: the real binary in tmux against the replica. A
/// question asked 45 seconds before the launch opens reading `asked now`; left open, it reads `asked 1m` once it is a
/// minute old (the test waits for that condition, about fifteen seconds).
@Suite(.serialized)
struct AgesMoveOnEndToEndTests {
    @Test func anOpenQuestionsAgeMovesOnWithoutAKey() async throws {
        let title = "Asked a moment before the launch"
        let run = try await StacktermRun.start { replica, _ in
            replica.arrive(question: title, tags: ["swift"], secondsAgo: 45)
        }
        do {
            #expect(try await eventually { try run.tmux.capture().contains { $0.contains(title) } })
            try run.tmux.send("g")
            try run.tmux.send("Enter")
            let opened = try await eventually { try run.tmux.capture().contains { $0.contains("asked now") } }
            #expect(opened, "\((try? run.tmux.capture().prefix(4)) ?? [])")
            let moved = try await eventually(within: 30) { try run.tmux.capture().contains { $0.contains("asked 1m") } }
            #expect(moved, "\((try? run.tmux.capture().prefix(4)) ?? [])")
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }
}
