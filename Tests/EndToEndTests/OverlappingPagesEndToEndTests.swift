import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Issue 9 §3 against the replica: an activity list that moves between pages repeats questions; each shows once.
@Suite(.serialized)
struct OverlappingPagesEndToEndTests {
    @Test func pageTwoOfAMovingListAddsOnlyNewQuestions() async throws {
        try await StacktermRun.with(activityDrift: 5) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("n")
            // Page 2 repeats the last 5 questions of page 1: 25 new rows, and the count is of distinct questions.
            let distinct = try await run.waitForStatus("1/55+")
            let status = try run.statusBar()
            #expect(distinct, "\(status)")
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("1/80+"))
            #expect(run.finishedRequests(pathPrefix: "/2.3/questions").count == 3, "no extra request")
        }
    }
}
