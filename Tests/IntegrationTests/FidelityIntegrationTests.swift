import Foundation
import StackExchange
import StackExchangeReplica
import TestSupport
import Testing

/// The client against a replica as strict as the live API: form-decoded queries, search tags, IP throttles
/// and the quota's reset at midnight UTC.
struct FidelityIntegrationTests {
    @Test(arguments: ["c++", "c#", ".net", "node.js", "objective-c"])
    func aTagWithReservedCharactersFindsItsQuestions(tag: String) async throws {
        try await ReplicaHarness.with { harness in
            let page = try await harness.page(QuestionsQuery(tags: [tag], pageSize: 50), 1).get()
            #expect(!page.items.isEmpty, "the replica holds questions tagged \(tag)")
            #expect(page.items.allSatisfy { $0.tags.contains(tag) }, "\(page.items.map(\.tags))")
        }
    }

    @Test func searchingForCPlusPlusFindsCPlusPlus() async throws {
        try await ReplicaHarness.with { harness in
            let page = try await harness.page(QuestionsQuery(pageSize: 100, searchText: "c++"), 1).get()
            #expect(Set(page.items.map(\.id)).isSuperset(of: [79_100_001, 79_100_002]), "\(page.items.map(\.plainTitle))")
        }
    }

    /// `/search/advanced` reads `tagged` as OR; the client sends the tags as `[tag]` terms, so they mean AND.
    @Test func searchWithTwoTagsRequiresBoth() async throws {
        try await ReplicaHarness.with { harness in
            let query = QuestionsQuery(tags: [".net", "linux"], pageSize: 50, searchText: "linux")
            let page = try await harness.page(query, 1).get()
            #expect(page.items.map(\.id) == [79_100_004])
            let list = try await harness.page(QuestionsQuery(tags: [".net", "linux"], pageSize: 50), 1).get()
            #expect(list.items.map(\.id) == [79_100_004], "the same tags mean the same in the list")
        }
    }

    @Test func anIPThrottleHoldsEveryMethodWithoutSending() async throws {
        let clock = ManualPolicyClock()
        try await ReplicaHarness.with(clock: clock) { harness in
            harness.replica.injectFault(.ipThrottle(seconds: 45, path: "/2.3/questions"))
            let first = await harness.page(QuestionsQuery(pageSize: 5), 1)
            #expect(first == .failure(.throttled(until: clock.now().addingTimeInterval(45))))

            let detail = await harness.detail(11_227_809)
            let search = await harness.page(QuestionsQuery(pageSize: 5, searchText: "swift"), 1)
            #expect(detail == .failure(.throttled(until: clock.now().addingTimeInterval(45))))
            #expect(search == .failure(.throttled(until: clock.now().addingTimeInterval(45))))
            #expect(harness.replica.requestCount(pathPrefix: "/2.3/") == 1, "nothing was sent during the throttle")

            harness.replica.advanceClock(by: 45)
            clock.advance(by: 45)
            let after = await harness.page(QuestionsQuery(pageSize: 5, searchText: "swift"), 1)
            #expect((try? after.get().items.isEmpty) == false, "\(after)")
        }
    }

    @Test func aUsedUpQuotaWaitsForMidnightUTCThenOneRequestLearnsTheNewQuota() async throws {
        var options = ReplicaOptions()
        options.quota = 1
        // 23:58:00 UTC on the client's clock.
        let clock = ManualPolicyClock(start: Date(timeIntervalSince1970: 1_795_478_280))
        try await ReplicaHarness.with(options, clock: clock) { harness in
            let query = QuestionsQuery(pageSize: 5)
            let first = try await harness.page(query, 1).get()
            #expect(first.quotaRemaining == 0)

            let refused = await harness.page(query, 2)
            let midnight = Date(timeIntervalSince1970: 1_795_478_400)
            #expect(refused == .failure(.quotaExhausted(resetsAt: midnight)))
            #expect(refused.failureText?.contains("2026-11-24 00:00 UTC") == true)
            #expect(harness.listRequestCount == 1)

            // Midnight passes on both sides.
            harness.replica.resetQuota()
            clock.advance(by: 121)
            let second = try await harness.page(query, 2).get()
            #expect(second.quotaRemaining == 0, "the new day's quota of 1, used by this request")
            #expect(harness.listRequestCount == 2)
        }
    }
}

extension Result where Failure == APIError {
    /// The failure's one-line message, if this is a failure.
    var failureText: String? {
        guard case .failure(let error) = self else { return nil }
        return error.message
    }
}
