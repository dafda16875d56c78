@testable import Browser
import Foundation
import StackExchange
import Testing

/// The paging machine alone: events in, actions out; no controller, no stubs, no queues.
struct PagingMachineTests {
    let now = Fixtures.now
    let page1 = Fixtures.page(Fixtures.questions(3), hasMore: true)
    let page2 = Fixtures.page(Fixtures.questions(3, from: 4), hasMore: false)

    /// The token of the single `send` among `actions`.
    func sent(_ actions: [PagingMachine.Action], lane: RequestPriority = .user) -> (page: Int, token: PagingMachine.Token)? {
        for case .send(let page, let sentLane, let token) in actions where sentLane == lane { return (page, token) }
        return nil
    }

    @Test func aLoadSendsOnTheUserLaneAndShowsWhatArrives() throws {
        var machine = PagingMachine()
        let send = try #require(sent(machine.loadRequested(at: now)))
        #expect(send.page == 1)
        #expect(machine.isLoading)
        #expect(machine.loadRequested(at: now).isEmpty, "n does nothing while a load is in flight")
        let replaced = try #require(sent(machine.loadRequested(page: 1, at: now)))
        #expect(machine.pageArrived(page1, number: 1, token: send.token, newRows: 3, at: now).isEmpty, "the replaced answer is stale")
        let shown = machine.pageArrived(page1, number: 1, token: replaced.token, newRows: 3, at: now)
        #expect(shown == [.show(page1, number: 1, source: .live)])
        #expect(machine.loadedPages == 1 && machine.hasMore && !machine.isLoading)
        #expect(machine.nextPage == 2)
    }

    @Test func replacingALoadCancelsTheOldRequest() throws {
        var machine = PagingMachine()
        let first = try #require(sent(machine.loadRequested(at: now)))
        let actions = machine.loadRequested(page: 1, at: now)
        #expect(actions.first == .cancel(first.token))
    }

    @Test func aCacheHitShowsAtOnceAndTheLiveCopyReplacesIt() throws {
        var machine = PagingMachine()
        let send = try #require(sent(machine.loadRequested(at: now)))
        let fetched = now - 300
        #expect(machine.cacheHit(page1, number: 1, fetchedAt: fetched) == [.show(page1, number: 1, source: .cached(fetchedAt: fetched))])
        #expect(machine.cachedAt == fetched)
        #expect(machine.isLoading, "revalidating")
        #expect(machine.cacheHit(page2, number: 2, fetchedAt: fetched).isEmpty, "only the page requested")
        let live = machine.pageArrived(page1, number: 1, token: send.token, newRows: nil, at: now)
        #expect(live == [.show(page1, number: 1, source: .live)])
        #expect(machine.cachedAt == nil)
    }

    @Test func offlineKeepsWhatWasShownAndSendsNothing() throws {
        var machine = PagingMachine()
        let send = try #require(sent(machine.loadRequested(at: now)))
        _ = machine.cacheHit(page1, number: 1, fetchedAt: now - 60)
        #expect(machine.offline(token: send.token).isEmpty, "no retry of its own")
        #expect(machine.phase == .failed("offline"))
        #expect(machine.loadedPages == 1 && machine.cachedAt == now - 60)
        let retry = try #require(sent(machine.loadRequested(page: 1, at: now)))
        _ = machine.pageArrived(page1, number: 1, token: retry.token, newRows: nil, at: now)
        #expect(machine.phase == .idle)
    }

    @Test func escCancelsBothLanesAndSaysHowToRetry() throws {
        var machine = PagingMachine()
        let first = try #require(sent(machine.loadRequested(at: now)))
        _ = machine.pageArrived(page1, number: 1, token: first.token, newRows: 3, at: now)
        let prefetch = try #require(sent(machine.selectionMoved(rowsBelow: 0, distance: 5), lane: .background))
        #expect(prefetch.page == 2)
        // Asking for page 2 while its prefetch is in flight sends it again on the user lane.
        let load = try #require(sent(machine.loadRequested(at: now)))
        let actions = machine.cancelled()
        #expect(actions.contains(.cancel(prefetch.token)) && actions.contains(.cancel(load.token)))
        #expect(actions.contains(.say(PagingMachine.cancelledNotice)))
        #expect(machine.phase == .cancelled)
        #expect(machine.prefetchArrived(page2, number: 2, token: prefetch.token).isEmpty, "stale after the cancel")
    }

    @Test func aPrefetchCompletesTheLoadThePersonAskedForMeanwhile() throws {
        var machine = PagingMachine()
        let first = try #require(sent(machine.loadRequested(at: now)))
        _ = machine.pageArrived(page1, number: 1, token: first.token, newRows: 3, at: now)
        let prefetch = try #require(sent(machine.selectionMoved(rowsBelow: 1, distance: 5), lane: .background))
        #expect(machine.selectionMoved(rowsBelow: 0, distance: 5).isEmpty, "one prefetch at a time")
        let load = try #require(sent(machine.loadRequested(at: now)))
        let actions = machine.prefetchArrived(page2, number: 2, token: prefetch.token)
        #expect(actions == [.cancel(load.token), .show(page2, number: 2, source: .live)])
        #expect(!machine.isLoading && !machine.hasMore)
        #expect(machine.pageArrived(page2, number: 2, token: load.token, newRows: 0, at: now).isEmpty)
    }

    @Test func aFailedPrefetchIsNotRetriedUntilARequestedPageLoads() throws {
        var machine = PagingMachine()
        let first = try #require(sent(machine.loadRequested(at: now)))
        _ = machine.pageArrived(page1, number: 1, token: first.token, newRows: 3, at: now)
        let prefetch = try #require(sent(machine.selectionMoved(rowsBelow: 0, distance: 5), lane: .background))
        #expect(machine.prefetchFailed(token: prefetch.token).isEmpty)
        #expect(machine.selectionMoved(rowsBelow: 0, distance: 5).isEmpty)
        #expect(machine.selectionMoved(rowsBelow: 10, distance: 5).isEmpty)
    }

    @Test func aPageOfDuplicatesCostsOneFollowUpThenSaysSo() throws {
        var machine = PagingMachine()
        let first = try #require(sent(machine.loadRequested(at: now)))
        _ = machine.pageArrived(page1, number: 1, token: first.token, newRows: 3, at: now)
        let second = try #require(sent(machine.loadRequested(at: now)))
        let repeated = Fixtures.page(Fixtures.questions(3), hasMore: true)
        let followUp = try #require(sent(machine.pageArrived(repeated, number: 2, token: second.token, newRows: 0, at: now)))
        #expect(followUp.page == 3)
        let stop = machine.pageArrived(repeated, number: 3, token: followUp.token, newRows: 0, at: now)
        #expect(sent(stop) == nil, "no loop")
        #expect(stop.contains(.say(PagingMachine.duplicatePageNotice)))
    }

    @Test func resetCancelsEverythingAndOldAnswersStayStale() throws {
        var machine = PagingMachine()
        let first = try #require(sent(machine.loadRequested(at: now)))
        #expect(machine.reset() == [.cancel(first.token)])
        let next = try #require(sent(machine.loadRequested(at: now)))
        #expect(next.token != first.token, "tokens never repeat")
        #expect(machine.pageArrived(page1, number: 1, token: first.token, newRows: 3, at: now).isEmpty)
    }

    @Test func aLocalListIsOnePageWithNothingMore() {
        var machine = PagingMachine()
        #expect(machine.localListShown(page1) == [.show(page1, number: 1, source: .live)])
        #expect(machine.nextPage == nil)
        #expect(machine.selectionMoved(rowsBelow: 0, distance: 5).isEmpty)
    }
}
