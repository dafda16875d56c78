import Foundation
import StackExchange
import StackExchangeReplica
import TestSupport
import Testing

/// Cancelling a request in flight closes its connection: the replica sees the client hang up.
struct CancellationIntegrationTests {
    @Test func cancellingMidFlightClosesTheConnectionAndNeverCompletes() async throws {
        var options = ReplicaOptions()
        // Long enough that the cancel lands while the response is still held, even on a loaded machine.
        options.latencyMilliseconds = 10_000
        try await ReplicaHarness.with(options) { harness in
            let completions = CompletionFlag()

            let handle = harness.questions.questions(QuestionsQuery(pageSize: 10), page: 1, priority: .user) { _ in
                completions.mark()
            }
            #expect(await eventually { harness.listRequestCount == 1 }, "the request reached the replica")
            handle.cancel()

            // Well inside the 10 s latency: only a closed connection can end the request this early.
            #expect(await eventually(within: 8) { harness.replica.logEntries().contains { $0.hungUp } })
            let entry = try #require(harness.replica.logEntries().first)
            #expect(entry.hungUp)
            #expect(entry.status == nil, "no response was sent")
            await MainActor.run {}
            #expect(completions.count == 0, "a cancelled request never completes")
        }
    }

    @Test func cancellingOneOfTwoCoalescedCallersKeepsTheRequestForTheOther() async throws {
        var options = ReplicaOptions()
        // Long enough that the cancel surely lands while the response is still held, even on a loaded machine.
        options.latencyMilliseconds = 8_000
        try await ReplicaHarness.with(options) { harness in
            let query = QuestionsQuery(pageSize: 10)
            let cancelledCaller = CompletionFlag()

            let kept = ResultBox<Page<Question>>()

            // Both callers join before either cancels; then the first leaves while the request is at the replica.
            let first = harness.questions.questions(query, page: 1, priority: .user) { _ in cancelledCaller.mark() }
            harness.questions.questions(query, page: 1, priority: .user) { kept.set($0) }
            #expect(await eventually { harness.listRequestCount == 1 })
            first.cancel()

            #expect(await eventually { kept.value != nil })
            #expect((try? kept.value?.get().items.count) == 10)
            #expect(harness.listRequestCount == 1, "one request served both")
            #expect(harness.replica.logEntries().map(\.hungUp) == [false], "the shared request was not cancelled")
            #expect(cancelledCaller.count == 0)
        }
    }
}
