@testable import Browser
import Foundation
import StackExchange
import Testing

/// Loading pages: first page, next pages, Esc cancel, retries and stale results.
@MainActor
struct PagingTests {
    @Test func startLoadsPageOneOnTheUserQueue() throws {
        let h = Harness()
        h.controller.start()
        let request = try #require(h.questions.requests.first)
        #expect(request.page == 1)
        #expect(request.priority == .user)
        #expect(request.query.tags == ["swift"])
        #expect(h.controller.needsAnimation)
        request.deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: true)))
        #expect(h.list.rows.count == 3)
        #expect(!h.controller.needsAnimation)
        #expect(h.controller.state.quotaRemaining == 280)
        #expect(h.changes == 1)
    }

    @Test func startingTwiceSendsOneRequest() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.controller.start()
        #expect(h.questions.requests.count == 1)
        #expect(!h.controller.needsAnimation)
    }

    @Test func nextPageAppendsAndKeepsTheSelection() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(5))
        h.press(.down, .down)
        h.press(.character("n"))
        let request = try #require(h.questions.requests.last)
        #expect(h.questions.requests.count == 2)
        #expect(request.page == 2)
        request.deliver(.success(Fixtures.page(Fixtures.questions(5, from: 6), hasMore: false)))
        #expect(h.list.rows.map(\.questionID) == (1001...1010).map { $0 })
        #expect(h.list.selection == 2)
        #expect(!h.list.hasMore)
        h.press(.character("n"))
        #expect(h.questions.requests.count == 2, "no page after the last")
    }

    @Test func downOnTheLastRowLoadsTheNextPageWhenThereIsMore() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3), hasMore: true)
        h.press(.down, .down)
        #expect(h.questions.requests.count == 1)
        h.press(.down)
        #expect(h.questions.requests.count == 2)
        #expect(h.questions.requests.last?.page == 2)
        h.press(.down)
        #expect(h.questions.requests.count == 2, "no second request while one is in flight")
        #expect(h.list.selection == 2)
    }

    @Test func downOnTheLastRowDoesNothingWithoutMore() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3), hasMore: false)
        h.press(.down, .down, .down, .down)
        #expect(h.questions.requests.count == 1)
        #expect(h.list.selection == 2)
    }

    @Test func pageDownAtTheEndLoadsTheNextPage() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3), hasMore: true)
        h.press(.pageDown)
        #expect(h.list.selection == 2)
        #expect(h.questions.requests.count == 1)
        h.press(.pageDown)
        #expect(h.questions.requests.count == 2)
    }

    @Test func escCancelsTheLoadAndKeepsTheRows() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(4))
        h.press(.down, .character("n"))
        let inFlight = try #require(h.questions.requests.last)
        h.press(.escape)
        #expect(inFlight.handle.isCancelled)
        #expect(h.list.phase(in: h.controller.model.ledger) == .cancelled)
        #expect(h.list.rows.count == 4)
        #expect(h.controller.state.notice?.contains("cancelled") == true)
        #expect(!h.controller.needsAnimation)
        #expect(h.controller.state.detail == nil, "Esc with a load in flight cancels, it does not open or go anywhere")
        inFlight.deliver(.success(Fixtures.page(Fixtures.questions(4, from: 5), hasMore: true)))
        #expect(h.list.rows.count == 4, "a late delivery after cancel is dropped")
        #expect(h.list.selection == 1)
        h.press(.character("n"))
        #expect(h.questions.requests.last?.page == 2, "n retries the cancelled page")
        h.questions.requests.last!.deliver(.success(Fixtures.page(Fixtures.questions(4, from: 5), hasMore: true)))
        #expect(h.list.rows.count == 8)
    }

    @Test func reloadDropsRowsAndLoadsPageOne() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(4))
        h.now = h.now.addingTimeInterval(RequestLedger.reloadWindow)
        h.press(.down, .character("r"))
        #expect(h.list.rows.isEmpty)
        #expect(h.list.selection == 0)
        #expect(h.questions.requests.last?.page == 1)
        #expect(h.questions.requests.count == 2)
    }

    @Test func aStaleCompletionAfterSortIsDropped() throws {
        let h = Harness()
        h.controller.start()
        let first = try #require(h.questions.requests.first)
        #expect(first.query.sort == .activity)
        h.press(.character("s"))
        #expect(first.handle.isCancelled)
        h.advance(BrowserModel.sortDebounce)
        let second = try #require(h.questions.requests.last)
        #expect(second.query.sort == .creation)
        #expect(second.page == 1)
        first.deliver(.success(Fixtures.page(Fixtures.questions(2), hasMore: true)))
        #expect(h.list.rows.isEmpty, "the activity page arrived after the sort changed")
        second.deliver(.success(Fixtures.page(Fixtures.questions(3, from: 50), hasMore: true)))
        #expect(h.list.rows.map(\.questionID) == [1050, 1051, 1052])
        #expect(h.list.query.sort == .creation)
    }

    @Test func aFailureKeepsTheRowsAndShowsTheError() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(2))
        h.press(.character("n"))
        h.questions.requests.last!.deliver(.failure(.httpStatus(code: 502, bodySnippet: "bad gateway")))
        #expect(h.list.rows.count == 2)
        #expect(h.controller.state.lastError == "HTTP 502: bad gateway")
        guard case .failed = h.list.phase(in: h.controller.model.ledger) else {
            Issue.record("phase is \(h.list.phase(in: h.controller.model.ledger))")
            return
        }
    }

    @Test func theArrowKeysMoveDuringALoad() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(5))
        h.press(.character("n"))
        #expect(h.list.isLoading(in: h.controller.model.ledger))
        h.press(.down, .down, .character("j"))
        #expect(h.list.selection == 3)
        h.press(.up)
        #expect(h.list.selection == 2)
        h.press(.end)
        #expect(h.list.selection == 4)
        h.press(.character("g"))
        #expect(h.list.selection == 0)
        #expect(h.list.isLoading(in: h.controller.model.ledger))
    }

    @Test func shutdownCancelsEverythingInFlight() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(2))
        h.press(.character("n"))
        h.press(.enter)
        h.controller.shutdown()
        #expect(h.questions.requests.last!.handle.isCancelled)
        #expect(h.details.requests.last!.handle.isCancelled)
        #expect(!h.controller.needsAnimation)
    }

    @Test func aPageIsNeverAppendedTwice() {
        var paging = PagingMachine()
        let page = Fixtures.page(Fixtures.questions(3), hasMore: true)
        // The person's load each time, as the ledger would route it: the machine itself refuses what does not follow.
        let nothing = PagingMachine.InFlight()
        _ = paging.loadRequested(nothing)
        let first = paging.pageArrived(page, number: 1, lane: .user, newRows: 3, nothing)
        let again = paging.pageArrived(page, number: 1, lane: .user, newRows: 0, nothing)
        _ = paging.loadRequested(page: 3, nothing)
        let skipped = paging.pageArrived(page, number: 3, lane: .user, newRows: 3, nothing)
        #expect(first.contains(.show(page, number: 1, source: .live)))
        #expect(again.isEmpty, "page 1 twice")
        #expect(skipped.isEmpty, "page 3 cannot follow page 1")
        #expect(paging.loadedPages == 1)
    }
}
