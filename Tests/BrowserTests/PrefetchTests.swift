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
        #expect(prefetch.handle.raises == 0)
        h.press(.character("n"))
        // Nothing new goes to the data manager: the ledger joins the person's load to the prefetch, and the runner
        // raises the one request through the handle it holds.
        #expect(h.questions.requests.count == 2, "page 2, wanted twice, is one request")
        #expect(prefetch.handle.raises == 1, "the person's wait raised it to the user lane")
        let lists = h.controller.model.ledger.entries { if case .listPage = $0 { true } else { false } }
        #expect(lists.count == 1 && lists.first?.lane == .user, "one list request in flight, on the user lane")
        #expect(h.controller.needsAnimation)
        let page2 = Fixtures.page(Fixtures.questions(10, from: 11), hasMore: true)
        prefetch.deliver(.success(page2))
        #expect(h.list.rows.count == 20)
        #expect(!h.controller.needsAnimation, "the answer completes the person's load")
        #expect(h.controller.state.notice == "page 2: 10 more")
        prefetch.deliver(.success(page2))
        #expect(h.list.rows.count == 20, "a second copy of the answer is dropped")
        #expect(!prefetch.handle.isCancelled)
    }

    /// A prefetch the person asked for is their load: stopping the prefetches (as a reset or Esc does first) leaves it,
    /// while a prefetch nobody asked for is cancelled.
    @Test func stoppingThePrefetchesLeavesThePageThePersonWaitsFor() throws {
        func stopPrefetches(_ h: Harness) -> [BrowserEffect] {
            var model = h.controller.model
            return model.withScreen(\.listScreen) { screen, context in
                screen.carryOut(screen.list.paging.cancelPrefetch(screen.inFlight(in: context)), in: &context)
            }
        }
        let h = harness()
        h.press(.end)
        let prefetch = try #require(h.questions.requests.last)
        let token = try #require(h.controller.model.ledger.entries.values.first { $0.purpose == .listPage(page: 2) }?.token)
        #expect(stopPrefetches(h) == [.cancel(token)], "a prefetch nobody waits for is stopped")
        h.press(.character("n"))
        #expect(stopPrefetches(h).isEmpty, "the person waits for it: it is not the prefetches' to cancel")
        #expect(!prefetch.handle.isCancelled)
    }

    @Test func escCancelsThePrefetchWithTheLoad() throws {
        let h = harness()
        h.press(.end)
        let prefetch = try #require(h.questions.requests.last)
        h.press(.character("n"))
        #expect(h.questions.requests.count == 2)
        h.press(.escape)
        #expect(prefetch.handle.isCancelled, "the one request, the person's and the prefetch's, is cancelled")
        prefetch.deliver(.success(Fixtures.page(Fixtures.questions(10, from: 11), hasMore: true)))
        #expect(h.list.rows.count == 10)
        #expect(h.list.phase(in: h.controller.model.ledger) == .cancelled)
        h.press(.up, .down)
        #expect(h.questions.requests.count == 2, "after Esc, moving does not prefetch until a load is asked for")
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
