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

    /// Each caller's request is its own (the browser's ledger joins identical ones before a data manager): one caller's
    /// cancel closes its own connection and leaves the request another caller still wants.
    @Test func cancellingOneOfTwoCallersKeepsTheRequestForTheOther() async throws {
        var options = ReplicaOptions()
        // Long enough that the cancel surely lands while the responses are still held, even on a loaded machine.
        options.latencyMilliseconds = 8_000
        try await ReplicaHarness.with(options) { harness in
            let query = QuestionsQuery(pageSize: 10)
            let cancelledCaller = CompletionFlag()

            let kept = ResultBox<Page<Question>>()

            // Both requests reach the replica; then the first caller leaves while they are held there.
            let first = harness.questions.questions(query, page: 1, priority: .user) { _ in cancelledCaller.mark() }
            harness.questions.questions(query, page: 1, priority: .user) { kept.set($0) }
            #expect(await eventually { harness.listRequestCount == 2 })
            first.cancel()

            #expect(await eventually { kept.value != nil })
            #expect((try? kept.value?.get().items.count) == 10)
            #expect(harness.replica.logEntries().map(\.hungUp).sorted { !$0 && $1 } == [false, true],
                    "the cancelled caller's connection closed, the other's was answered")
            await MainActor.run {}
            #expect(cancelledCaller.count == 0)
        }
    }
}
