@testable import Browser
import Foundation
import StackExchange
import Testing

/// A throttle shows as a countdown in the status bar, ticking with the clock, until it ends.
@MainActor
struct ThrottleStatusTests {
    func statusLine(_ h: Harness) -> String {
        h.controller.resizeAndRender(width: 100, height: 20).text.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func theStatusBarCountsTheThrottleDown() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        // Past the reload window, so `r` asks again.
        h.now = h.now.addingTimeInterval(RequestLedger.reloadWindow)
        h.press(.character("r"))
        try #require(h.questions.requests.last).deliver(.failure(.throttled(until: h.now.addingTimeInterval(42))))
        #expect(statusLine(h).contains("throttled by the API: next request in 42s"))
        #expect(h.controller.needsAnimation, "the countdown redraws")
        h.now = h.now.addingTimeInterval(30)
        #expect(statusLine(h).contains("next request in 12s"))
        // The animation timer's tick tells the model the countdown ended (a frame tells it nothing).
        h.advance(12)
        #expect(!statusLine(h).contains("throttled"))
        #expect(!h.controller.needsAnimation)
    }

    @Test func aUsedUpQuotaNamesItsReset() throws {
        let h = Harness()
        h.controller.start()
        let midnight = Date(timeIntervalSince1970: 1_795_478_400)
        try #require(h.questions.requests.last).deliver(.failure(.quotaExhausted(resetsAt: midnight)))
        #expect(statusLine(h).contains("resets at 2026-11-24 00:00 UTC"))
    }
}
