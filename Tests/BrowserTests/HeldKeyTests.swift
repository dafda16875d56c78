@testable import Browser
import Foundation
import StackExchange
import Testing

/// Held keys through the runner, as the terminal's key repeat delivers them: what reaches the data managers.
@MainActor
struct HeldKeyTests {
    @Test func holdingReloadForThreeSecondsSendsAtMostTwoRequests() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        let before = h.questions.requests.count
        for _ in 0..<90 {
            h.now = h.now.addingTimeInterval(1.0 / 30)
            // Whatever was sent is answered before the next repeat arrives.
            for request in h.questions.requests.dropFirst(before) where !request.handle.isCancelled {
                request.deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: true)))
            }
            h.press(.character("r"))
        }
        let sent = h.questions.requests.count - before
        #expect(sent >= 1 && sent <= 2, "held r sent \(sent) requests")
        #expect(h.questions.requests.dropFirst(before).allSatisfy { !$0.handle.isCancelled || $0.page == 1 })
    }

    @Test func holdingSortFetchesOnlyTheSortItStopsOn() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        let before = h.questions.requests.count
        for _ in 0..<4 {
            h.press(.character("s"))
            h.advance(0.1)
        }
        #expect(h.questions.requests.count == before, "nothing is sent while s repeats")
        #expect(h.statusBar().contains("week"), "the sort shows on screen at once")
        h.advance(BrowserModel.sortDebounce)
        #expect(h.questions.requests.count == before + 1)
        #expect(try #require(h.questions.requests.last).query.sort == .week)
    }
}
