import Foundation
import StackExchange
import StackExchangeReplica
import TestSupport
import Testing

/// The client's manners against the replica: backoff, retries and the quota (identical requests are joined by the
/// browser's ledger: `PrefetchJoinIntegrationTests`).
struct PolicyIntegrationTests {
    /// The replica refuses (`throttle_violation`) any request to a method still backing off — its own tests
    /// prove that — so page 2 succeeding after a `backoff: 2` page 1 means the client waited. Both the client's
    /// clock and the replica's are moved on by hand: nothing waits for real seconds.
    @Test func backoffIsObeyedBeforeTheNextRequestToTheSameMethod() async throws {
        let clock = ManualPolicyClock()
        try await ReplicaHarness.with(ReplicaOptions(backoffEvery: 1, backoffSeconds: 2), clock: clock) { harness in
            let query = QuestionsQuery(pageSize: 5)

            let first = try await harness.page(query, 1).get()
            #expect(first.backoff == 2)
            let second = ResultBox<Page<Question>>()
            harness.questions.questions(query, page: 2, priority: .user) { second.set($0) }
            #expect(await eventually { clock.pendingTimerCount == 1 }, "page 2 waits for the backoff")
            #expect(harness.listRequestCount == 1)
            harness.replica.advanceClock(by: 2)
            clock.advance(by: 2)

            #expect(await eventually { second.value != nil })
            #expect((try? second.value?.get().items.count) == 5, "\(String(describing: second.value))")
            #expect(harness.replica.logEntries().map(\.status) == [200, 200], "no request was refused")
            #expect(harness.client.backoffDeadline(for: "/questions") != nil, "page 2 carried a backoff too")
        }
    }

    @Test func aServerErrorIsRetriedAndSucceeds() async throws {
        try await ReplicaHarness.with { harness in
            harness.replica.injectFault(.status(503, path: "/2.3/questions"), count: 1)

            let result = await harness.page(QuestionsQuery(pageSize: 5), 1)
            #expect((try? result.get().items.count) == 5, "\(result)")
            #expect(harness.listRequestCount == 2)
        }
    }

    @Test func retriesStopAfterThreeTries() async throws {
        try await ReplicaHarness.with { harness in
            harness.replica.injectFault(.status(500, path: "/2.3/questions"), count: 10)

            let result = await harness.page(QuestionsQuery(pageSize: 5), 1)
            guard case .failure(.httpStatus(500, _)) = result else {
                Issue.record("expected HTTP 500, got \(result)")
                return
            }
            #expect(harness.listRequestCount == 3)
        }
    }

    @Test(arguments: [
        ReplicaFault.status(400, path: "/2.3/questions"),
        ReplicaFault.status(404, path: "/2.3/questions"),
        ReplicaFault.seError(id: 502, name: "throttle_violation", path: "/2.3/questions"),
        ReplicaFault.seError(id: 400, name: "bad_parameter", path: "/2.3/questions"),
    ])
    func aClientErrorOrAThrottleViolationIsNeverRetried(fault: ReplicaFault) async throws {
        try await ReplicaHarness.with { harness in
            harness.replica.injectFault(fault, count: 10)

            let result = await harness.page(QuestionsQuery(pageSize: 5), 1)
            #expect(throws: APIError.self) { try result.get() }
            #expect(harness.listRequestCount == 1)
        }
    }

    @Test func anExhaustedQuotaFailsFastWithoutSending() async throws {
        var options = ReplicaOptions()
        options.quota = 2
        try await ReplicaHarness.with(options) { harness in
            let query = QuestionsQuery(pageSize: 5)

            _ = try await harness.page(query, 1).get()
            let last = try await harness.page(query, 2).get()
            #expect(last.quotaRemaining == 0)

            let refused = await harness.page(query, 3)
            #expect(refused == .failure(.quotaExhausted(resetsAt: PolicyState.nextMidnightUTC(after: harness.client.clock.now()))))
            #expect(harness.listRequestCount == 2)
        }
    }
}
