import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// What a person sees where the live API is strict: a tag with reserved characters, an IP throttle counting
/// down, and a question with more answers than one page.
@Suite(.serialized)
struct FidelityEndToEndTests {
    @Test func filteringByCPlusPlusShowsCPlusPlusQuestions() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("t")
            try run.tmux.sendLiteral("c++")
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("c++"))
            #expect(await eventually { run.finishedRequests(pathPrefix: "/2.3/questions").contains { $0.query["tagged"] == "c++" } })
            #expect(try await eventually { try run.tmux.capture().contains { $0.contains("std::vector<bool>") } })
        }
    }

    @Test func anIPThrottleCountsDownInTheStatusBarAndSendsNothing() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            run.replica.injectFault(.ipThrottle(seconds: 30, path: nil))
            // The next page (a reload this soon after the first page would be served from the screen).
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("throttled by the API: next request in 30s"))
            let sent = run.replica.requestCount(pathPrefix: "/2.3/")
            #expect(try await run.waitForStatus("next request in 29s"), "the countdown ticks")
            try run.tmux.send("r", "n", "s")
            #expect(try await run.waitForStatus("next request in"))
            #expect(run.replica.requestCount(pathPrefix: "/2.3/") == sent, "nothing is sent before the throttle ends")
        }
    }

    @Test func answersPastTheFirstHundredLoadAsTheDetailScrolls() async throws {
        try await StacktermRun.with { run in
            try await run.openTheQuestionWith240Answers()
            try run.tmux.send("G")
            #expect(try await run.waitForStatus("answers 200/240+"))
            try run.tmux.send("G")
            #expect(try await eventually { try !run.statusBar().contains("answers") && run.statusBar().contains("line") })
            #expect(run.finishedRequests(pathPrefix: "/2.3/questions/79100100/answers").map { $0.query["page"] } == ["1", "2", "3"])
        }
    }
}

extension StacktermRun {
    /// Searches for the replica's question with 240 answers and opens it: its first hundred answers show.
    func openTheQuestionWith240Answers() async throws {
        #expect(try await waitForStatus("1/30+"))
        try tmux.send("/")
        try tmux.sendLiteral("skin tones")
        try tmux.send("Enter")
        #expect(try await waitForStatus("1/1"))
        try tmux.send("Enter")
        #expect(try await waitForStatus("answers 100/240+"))
    }
}
