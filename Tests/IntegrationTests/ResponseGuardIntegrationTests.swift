@testable import HTTPDriver
import Foundation
import StackExchange
import StackExchangeReplica
import TestSupport
import Testing

/// What a hostile or broken server cannot do to the client: fill its memory, hold a request forever, or lead it
/// (and its key) somewhere it must not go. Each fault is served by the replica on loopback.
struct ResponseGuardIntegrationTests {
    private static let noRetries = RetryPolicy(maxAttempts: 1, baseDelay: 0.05)

    /// 64 MB of padding in a valid page: without the cap it decodes (and takes the memory); with it, it is refused.
    @Test(arguments: [true, false])
    func aGzipBombIsRefusedAsTooLarge(declared: Bool) async throws {
        try await ReplicaHarness.with(retryPolicy: Self.noRetries) { harness in
            harness.replica.injectFault(.gzipBomb(inflatedBytes: 64 << 20, declared: declared, path: "/2.3/questions"))

            let result = await harness.page(QuestionsQuery(pageSize: 5), 1)
            #expect(result.failure == .responseTooLarge(limit: ResponseLimit.bytes), "\(result)")
            #expect(result.failure?.message.hasPrefix("response too large") == true)
        }
    }

    /// A body trickling one byte every 200 ms never trips the idle timeout; the overall deadline (on its own
    /// clock, moved by hand) ends it as a timeout.
    @Test func aTricklingBodyEndsAtTheDeadline() async throws {
        let deadlineClock = ManualPolicyClock()
        try await ReplicaHarness.with(retryPolicy: Self.noRetries, deadline: 30, deadlineClock: deadlineClock) { harness in
            harness.replica.injectFault(.trickle(interval: 0.2, path: "/2.3/questions"))
            let box = ResultBox<Page<Question>>()
            harness.questions.questions(QuestionsQuery(pageSize: 5), page: 1, priority: .user) { box.set($0) }
            #expect(await eventually { deadlineClock.pendingTimerCount == 1 && harness.listRequestCount == 1 })
            // Bytes are arriving: the request is alive, not failed, before the deadline passes.
            #expect(await eventually(within: 1) { box.value != nil } == false)

            deadlineClock.advance(by: 30)
            #expect(await eventually { box.value != nil })
            #expect(box.value?.failure == .transport(URLError(.timedOut)), "\(String(describing: box.value))")
        }
    }

    /// A redirect to plain http off loopback is refused before any connection is made (0.0.0.0 would reach this
    /// machine, so the old client's following it stays local).
    @Test func aRedirectToPlainHTTPOffLoopbackIsRefused() async throws {
        try await ReplicaHarness.with(retryPolicy: Self.noRetries) { harness in
            let target = "http://0.0.0.0:\(harness.replica.port)/2.3/questions?site=stackoverflow"
            harness.replica.injectFault(.redirect(status: 302, location: target, path: "/2.3/questions"))

            let result = await harness.page(QuestionsQuery(pageSize: 5), 1)
            guard case .failure(.redirectRefused(let reason)) = result else {
                Issue.record("expected a refused redirect, got \(result)")
                return
            }
            #expect(reason.contains("plain http"))
            #expect(harness.listRequestCount == 1, "the redirect was not followed")
        }
    }

    /// Followed to another loopback origin, a redirect carries no key, even when its address names one.
    @Test func aRedirectToAnotherOriginCarriesNoKey() async throws {
        try await ReplicaHarness.with(retryPolicy: Self.noRetries, key: "app-key") { harness in
            let target = "http://localhost:\(harness.replica.port)/2.3/questions?site=stackoverflow&pagesize=5&key=app-key"
            harness.replica.injectFault(.redirect(status: 307, location: target, path: "/2.3/questions"))

            let result = await harness.page(QuestionsQuery(pageSize: 5), 1)
            #expect((try? result.get().items.count) == 5, "\(result)")
            let entries = harness.replica.logEntries().filter { $0.path == "/2.3/questions" }
            #expect(entries.count == 2)
            #expect(entries.first?.query["key"] != nil, "the first request carried the key")
            #expect(entries.last?.query["key"] == nil, "the redirected one did not")
        }
    }

    /// The same origin keeps the key: a redirect within the API is an ordinary one.
    @Test func aRedirectWithinTheSameOriginIsFollowed() async throws {
        try await ReplicaHarness.with(retryPolicy: Self.noRetries, key: "app-key") { harness in
            let target = "http://127.0.0.1:\(harness.replica.port)/2.3/questions?site=stackoverflow&pagesize=5&key=app-key"
            harness.replica.injectFault(.redirect(status: 302, location: target, path: "/2.3/questions"))

            let result = await harness.page(QuestionsQuery(pageSize: 5), 1)
            #expect((try? result.get().items.count) == 5, "\(result)")
            #expect(harness.replica.logEntries().filter { $0.path == "/2.3/questions" }.last?.query["key"] != nil)
        }
    }
}

extension Result {
    /// The failure, if this is one.
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
