@testable import Browser
import Foundation
import StackExchange
import Testing

/// The paging machine alone: events in, actions out; no controller, no stubs, no queues. It names requests by
/// page; whether one is in flight is the ledger's (`RequestLedgerTests`).
struct PagingMachineTests {
    let now = Fixtures.now
    let page1 = Fixtures.page(Fixtures.questions(3), hasMore: true)
    let page2 = Fixtures.page(Fixtures.questions(3, from: 4), hasMore: false)

    /// The page of the single `send` on `lane` among `actions`.
    func sent(_ actions: [PagingMachine.Action], lane: RequestPriority = .user) -> Int? {
        for case .send(let page, let sentLane) in actions where sentLane == lane { return page }
        return nil
    }

    @Test func aLoadSendsOnTheUserLaneAndShowsWhatArrives() throws {
        var machine = PagingMachine()
        #expect(sent(machine.loadRequested(at: now)) == 1)
        #expect(machine.isLoading)
        #expect(machine.loadRequested(at: now).isEmpty, "n does nothing while a load is in flight")
        #expect(machine.pageArrived(page2, number: 2, newRows: 3, at: now).isEmpty, "a page nobody waits for")
        let shown = machine.pageArrived(page1, number: 1, newRows: 3, at: now)
        #expect(shown == [.show(page1, number: 1, source: .live)])
        #expect(machine.loadedPages == 1 && machine.hasMore && !machine.isLoading)
        #expect(machine.nextPage == 2)
        #expect(machine.pageArrived(page1, number: 1, newRows: 0, at: now).isEmpty, "a second answer is dropped")
    }

    /// The one rule of filling the screen (`pageShown`): the next page is prefetched while rows are left empty and
    /// the page shown brought new ones (page 1 always counts), never past the last page, and not with prefetching off.
    @Test func aShownPageThatLeavesRowsEmptyAsksForTheNextOnce() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        _ = machine.pageArrived(page1, number: 1, newRows: 3, at: now)
        #expect(machine.pageShown(number: 1, rowsAdded: 3, rowsShown: 3, screenRows: 3, distance: 5).isEmpty, "the screen is full")
        #expect(machine.pageShown(number: 1, rowsAdded: 3, rowsShown: 3, screenRows: 20, distance: 0).isEmpty, "prefetch is off")
        var repeats = machine
        #expect(repeats.pageShown(number: 2, rowsAdded: 0, rowsShown: 3, screenRows: 20, distance: 5).isEmpty,
                "a page of repeats asks for no more")
        #expect(machine.pageShown(number: 1, rowsAdded: 0, rowsShown: 3, screenRows: 20, distance: 5)
            == [.send(page: 2, lane: .background)], "page 1 asks even when it only replaced the store's copy")
        #expect(machine.pageShown(number: 1, rowsAdded: 3, rowsShown: 3, screenRows: 20, distance: 5).isEmpty,
                "the prefetch is in flight already")
        _ = machine.pageArrived(page2, number: 2, newRows: nil, at: now)
        #expect(machine.pageShown(number: 2, rowsAdded: 3, rowsShown: 6, screenRows: 20, distance: 5).isEmpty,
                "the last page leaves nothing to ask for")
    }

    @Test func askingForTheSamePageAgainSendsTheSameRequestAndCancelsNothing() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        #expect(machine.loadRequested(page: 1, at: now) == [.send(page: 1, lane: .user)], "the ledger joins it")
    }

    @Test func replacingALoadOfAnotherPageCancelsTheOldRequest() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        #expect(machine.loadRequested(page: 2, at: now) == [.cancel(page: 1), .send(page: 2, lane: .user)])
    }

    @Test func aCacheHitShowsAtOnceAndTheLiveCopyReplacesIt() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        let fetched = now - 300
        #expect(machine.cacheHit(page1, number: 1, fetchedAt: fetched) == [.show(page1, number: 1, source: .cached(fetchedAt: fetched))])
        #expect(machine.cachedAt == fetched)
        #expect(machine.isLoading, "revalidating")
        #expect(machine.cacheHit(page2, number: 2, fetchedAt: fetched).isEmpty, "only the page requested")
        let live = machine.pageArrived(page1, number: 1, newRows: nil, at: now)
        #expect(live == [.show(page1, number: 1, source: .live)])
        #expect(machine.cachedAt == nil)
    }

    @Test func offlineKeepsWhatWasShownAndSendsNothing() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        _ = machine.cacheHit(page1, number: 1, fetchedAt: now - 60)
        #expect(machine.offline(page: 1).isEmpty, "no retry of its own")
        #expect(machine.phase == .failed("offline"))
        #expect(machine.loadedPages == 1 && machine.cachedAt == now - 60)
        #expect(sent(machine.loadRequested(page: 1, at: now)) == 1)
        _ = machine.pageArrived(page1, number: 1, newRows: nil, at: now)
        #expect(machine.phase == .idle)
    }

    @Test func escCancelsTheLoadTheProfetchJoinedOnceAndSaysHowToRetry() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        _ = machine.pageArrived(page1, number: 1, newRows: 3, at: now)
        #expect(sent(machine.selectionMoved(rowsBelow: 0, distance: 5), lane: .background) == 2)
        // Asking for page 2 while its prefetch is in flight asks for the same request on the user lane.
        #expect(machine.loadRequested(at: now) == [.send(page: 2, lane: .user)])
        let actions = machine.cancelled()
        #expect(actions == [.cancel(page: 2), .say(PagingMachine.cancelledNotice)], "one request, cancelled once")
        #expect(machine.phase == .cancelled)
        #expect(machine.pageArrived(page2, number: 2, newRows: nil, at: now).isEmpty, "nobody waits after the cancel")
    }

    @Test func escCancelsAPrefetchOfAnotherPageToo() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        _ = machine.pageArrived(page1, number: 1, newRows: 3, at: now)
        _ = machine.selectionMoved(rowsBelow: 0, distance: 5)
        _ = machine.loadRequested(page: 1, at: now)
        #expect(machine.cancelled() == [.cancel(page: 2), .cancel(page: 1), .say(PagingMachine.cancelledNotice)])
    }

    @Test func theJoinedAnswerCompletesTheLoadAndThePrefetch() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        _ = machine.pageArrived(page1, number: 1, newRows: 3, at: now)
        #expect(sent(machine.selectionMoved(rowsBelow: 1, distance: 5), lane: .background) == 2)
        #expect(machine.selectionMoved(rowsBelow: 0, distance: 5).isEmpty, "one prefetch at a time")
        _ = machine.loadRequested(at: now)
        let actions = machine.pageArrived(page2, number: 2, newRows: 3, at: now)
        #expect(actions == [.show(page2, number: 2, source: .live)])
        #expect(!machine.isLoading && !machine.hasMore && machine.prefetchingPage == nil)
        #expect(machine.pageArrived(page2, number: 2, newRows: 0, at: now).isEmpty)
    }

    @Test func aPrefetchNobodyAskedForShowsQuietly() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        _ = machine.pageArrived(page1, number: 1, newRows: 3, at: now)
        _ = machine.selectionMoved(rowsBelow: 0, distance: 5)
        #expect(machine.pageArrived(page2, number: 2, newRows: nil, at: now) == [.show(page2, number: 2, source: .live)])
        #expect(machine.loadedPages == 2 && machine.prefetchingPage == nil)
    }

    @Test func aFailedPrefetchIsNotRetriedUntilARequestedPageLoads() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        _ = machine.pageArrived(page1, number: 1, newRows: 3, at: now)
        #expect(sent(machine.selectionMoved(rowsBelow: 0, distance: 5), lane: .background) == 2)
        #expect(machine.prefetchFailed(page: 2).isEmpty)
        #expect(machine.selectionMoved(rowsBelow: 0, distance: 5).isEmpty)
        #expect(machine.selectionMoved(rowsBelow: 10, distance: 5).isEmpty)
    }

    @Test func aPageOfDuplicatesCostsOneFollowUpThenSaysSo() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        _ = machine.pageArrived(page1, number: 1, newRows: 3, at: now)
        #expect(sent(machine.loadRequested(at: now)) == 2)
        let repeated = Fixtures.page(Fixtures.questions(3), hasMore: true)
        #expect(sent(machine.pageArrived(repeated, number: 2, newRows: 0, at: now)) == 3)
        let stop = machine.pageArrived(repeated, number: 3, newRows: 0, at: now)
        #expect(sent(stop) == nil, "no loop")
        #expect(stop.contains(.say(PagingMachine.duplicatePageNotice)))
    }

    @Test func resetCancelsEverythingAndForgetsThePages() throws {
        var machine = PagingMachine()
        _ = machine.loadRequested(at: now)
        #expect(machine.reset() == [.cancel(page: 1)])
        #expect(!machine.isLoading && machine.loadedPages == 0)
        #expect(machine.pageArrived(page1, number: 1, newRows: 3, at: now).isEmpty, "nobody waits for it")
    }

    @Test func aLocalListIsOnePageWithNothingMore() {
        var machine = PagingMachine()
        #expect(machine.localListShown(page1) == [.show(page1, number: 1, source: .live)])
        #expect(machine.nextPage == nil)
        #expect(machine.selectionMoved(rowsBelow: 0, distance: 5).isEmpty)
    }
}
