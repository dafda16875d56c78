@testable import Browser
import Foundation
import StackExchange
import Testing

/// The background prefetch of the next page as the selection nears the end.
@MainActor
struct PrefetchTests {
    func harness(rows: Int = 10) -> Harness {
        let h = Harness()
        h.controller.prefetchDistance = 3
        h.startLoaded(Fixtures.questions(rows), hasMore: true)
        return h
    }

    @Test func nearingTheEndPrefetchesOnceOnTheBackgroundQueue() throws {
        let h = harness()
        h.press(.down, .down, .down, .down, .down, .down)
        #expect(h.questions.requests.count == 1, "row 7 of 10 is not near the end yet")
        h.press(.down)
        let prefetch = try #require(h.questions.requests.last)
        #expect(h.questions.requests.count == 2)
        #expect(prefetch.page == 2)
        #expect(prefetch.priority == .background)
        #expect(!h.controller.needsAnimation, "a prefetch shows no spinner")
        h.press(.down, .down)
        #expect(h.questions.requests.count == 2, "no second prefetch while one is in flight")
        prefetch.deliver(.success(Fixtures.page(Fixtures.questions(10, from: 11), hasMore: true)))
        #expect(h.list.rows.count == 20)
        #expect(h.list.selection == 9)
        #expect(h.list.loadedPages == 2)
        prefetch.deliver(.success(Fixtures.page(Fixtures.questions(10, from: 11), hasMore: true)))
        #expect(h.list.rows.count == 20, "a second delivery is dropped")
    }

    @Test func askingForThePrefetchedPageJoinsItAndRaisesItToTheUserLane() throws {
        let h = harness()
        h.press(.end)
        let prefetch = try #require(h.questions.requests.last)
        #expect(prefetch.priority == .background)
        h.press(.character("n"))
        // The model asks for nothing new: the runner joins the request in flight on the user lane, which is how
        // the data manager raises it (`RequestCoalescer`); the first caller's answer carries the token.
        let raise = try #require(h.questions.requests.last)
        #expect(h.questions.requests.count == 3)
        #expect(raise.page == 2 && raise.priority == .user)
        #expect(h.controller.model.ledger.entries { if case .listPage = $0 { true } else { false } }.count == 1, "one list request in flight")
        #expect(h.controller.needsAnimation)
        let page2 = Fixtures.page(Fixtures.questions(10, from: 11), hasMore: true)
        prefetch.deliver(.success(page2))
        #expect(h.list.rows.count == 20)
        #expect(!h.controller.needsAnimation, "the answer completes the person's load")
        #expect(h.controller.state.notice == "page 2: 10 more")
        raise.deliver(.success(page2))
        #expect(h.list.rows.count == 20, "the joined caller's copy of the answer is dropped")
    }

    @Test func escCancelsThePrefetchWithTheLoad() throws {
        let h = harness()
        h.press(.end)
        let prefetch = try #require(h.questions.requests.last)
        h.press(.character("n"))
        let raise = try #require(h.questions.requests.last)
        h.press(.escape)
        #expect(prefetch.handle.isCancelled && raise.handle.isCancelled)
        prefetch.deliver(.success(Fixtures.page(Fixtures.questions(10, from: 11), hasMore: true)))
        #expect(h.list.rows.count == 10)
        #expect(h.list.phase(in: h.controller.model.ledger) == .cancelled)
        h.press(.up, .down)
        #expect(h.questions.requests.count == 3, "after Esc, moving does not prefetch until a load is asked for")
    }

    @Test func aFailedPrefetchIsQuietAndNotRetriedByMoving() throws {
        let h = harness()
        h.press(.end)
        h.questions.requests.last!.deliver(.failure(.httpStatus(code: 500, bodySnippet: "")))
        #expect(h.controller.state.lastError == nil)
        h.press(.up, .down)
        #expect(h.questions.requests.count == 2)
        h.press(.character("n"))
        #expect(h.questions.requests.count == 3)
        #expect(h.questions.requests.last?.priority == .user)
    }

    @Test func aReloadCancelsThePrefetch() throws {
        let h = harness()
        h.press(.end)
        let prefetch = try #require(h.questions.requests.last)
        h.press(.character("s"))
        #expect(prefetch.handle.isCancelled)
        prefetch.deliver(.success(Fixtures.page(Fixtures.questions(10, from: 11), hasMore: true)))
        #expect(h.list.rows.isEmpty)
    }
}
