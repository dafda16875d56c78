import Foundation
import Testing
@testable import StackExchange

/// The policy as a value: backoff, throttle and quota decisions without any I/O.
struct PolicyStateTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    @Test func backoffHoldsOnlyItsMethod() {
        var state = PolicyState()
        state.record(quotaRemaining: 100, backoff: 10, methodKey: "/questions", now: now)
        #expect(state.admission(methodKey: "/questions", now: now) == .wait(until: now.addingTimeInterval(10)))
        #expect(state.admission(methodKey: "/search/advanced", now: now) == .send)
        #expect(state.admission(methodKey: "/questions", now: now.addingTimeInterval(10)) == .send)
        #expect(state.backoffDeadline(for: ["/search/advanced", "/questions"], now: now) == now.addingTimeInterval(10))
    }

    @Test func deadlinesOnlyMoveLater() {
        var state = PolicyState()
        state.record(quotaRemaining: nil, backoff: 10, methodKey: "/questions", now: now)
        state.record(quotaRemaining: nil, backoff: 2, methodKey: "/questions", now: now)
        #expect(state.backoffDeadline(for: ["/questions"], now: now) == now.addingTimeInterval(10))
    }

    @Test func throttleFailsInsteadOfWaiting() {
        var state = PolicyState()
        let until = state.recordThrottle(methodKey: "/questions", seconds: 60, now: now)
        #expect(until == now.addingTimeInterval(60))
        #expect(state.admission(methodKey: "/questions", now: now) == .fail(.throttled(until: until)))
        #expect(state.backoffDeadline(for: ["/questions"], now: now) == nil)
    }

    @Test func quotaZeroStopsEverything() {
        var state = PolicyState()
        state.record(quotaRemaining: 1, backoff: nil, methodKey: "/questions", now: now)
        #expect(state.admission(methodKey: "/questions", now: now) == .send)
        state.record(quotaRemaining: 0, backoff: nil, methodKey: "/questions", now: now)
        #expect(state.admission(methodKey: "/search/advanced", now: now)
            == .fail(.quotaExhausted(resetsAt: PolicyState.nextMidnightUTC(after: now))))
    }

    @Test func retryPolicyRetriesOnlyTransientFailures() {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: 0.5)
        #expect(policy.delay(after: 1, failedWith: .httpStatus(code: 503, bodySnippet: "")) == 0.5)
        #expect(policy.delay(after: 2, failedWith: .transport(URLError(.timedOut))) == 1.0)
        #expect(policy.delay(after: 3, failedWith: .transport(URLError(.timedOut))) == nil)
        #expect(policy.delay(after: 1, failedWith: .stackExchange(id: 503, name: "temporarily_unavailable", message: "")) != nil)
        #expect(policy.delay(after: 1, failedWith: .stackExchange(id: 502, name: "throttle_violation", message: "")) == nil)
        #expect(policy.delay(after: 1, failedWith: .httpStatus(code: 404, bodySnippet: "")) == nil)
        #expect(policy.delay(after: 1, failedWith: .transport(URLError(.badURL))) == nil)
        #expect(policy.delay(after: 1, failedWith: .decoding("x")) == nil)
    }
}
