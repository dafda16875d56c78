@testable import Browser
import Foundation
import StackExchange
import Testing

/// The paging machine alone: events in, actions out; no controller, no stubs, no queues. It names requests by
/// page; whether one is in flight is the ledger's (`RequestLedgerTests`), played here by `Paging`.
struct PagingMachineTests {
    /// The machine with a stand-in for the ledger as the list hands it in: what it sends is in flight until it
    /// arrives or is cancelled, a user-lane send of a page prefetched joins it, and an answer nobody waits for is
    /// dropped before the machine sees it.
    struct Paging {
        var machine = PagingMachine()
        var inFlight = PagingMachine.InFlight()
        let now: Date

        var isLoading: Bool { inFlight.load != nil }
        var phase: LoadPhase { machine.phase(inFlight) }
        var prefetchingPage: Int? { inFlight.prefetches.first }
        var nextPage: Int? { machine.nextPage(inFlight) }
        var loadedPages: Int { machine.loadedPages }
        var hasMore: Bool { machine.hasMore }
        var cachedAt: Date? { machine.cachedAt }

        /// Files the sends and cancels of `actions` as the ledger would; returns them.
        mutating func apply(_ actions: [PagingMachine.Action]) -> [PagingMachine.Action] {
            for action in actions {
                switch action {
                case .send(let page, .user):
                    inFlight.prefetches.removeAll { $0 == page }
                    inFlight.load = PagingMachine.InFlight.Load(page: page, since: now)
                case .send(let page, _):
                    inFlight.prefetches.append(page)
                case .cancel(let page):
                    if inFlight.load?.page == page { inFlight.load = nil }
                    inFlight.prefetches.removeAll { $0 == page }
                default:
                    break
                }
            }
            return actions
        }

        /// Takes page `number`'s request out of flight; its lane, or nil when nothing waits for it.
        mutating func answer(_ number: Int) -> RequestPriority? {
            if inFlight.load?.page == number {
                inFlight.load = nil
                return .user
            }
            guard let index = inFlight.prefetches.firstIndex(of: number) else { return nil }
            inFlight.prefetches.remove(at: index)
            return .background
        }

        mutating func loadRequested(page: Int? = nil) -> [PagingMachine.Action] {
            apply(machine.loadRequested(page: page, inFlight))
        }

        mutating func pageArrived(_ page: Page<Question>, number: Int, newRows: Int?) -> [PagingMachine.Action] {
            guard let lane = answer(number) else { return [] }
            return apply(machine.pageArrived(page, number: number, lane: lane, newRows: newRows, inFlight))
        }

        mutating func cacheHit(_ page: Page<Question>, number: Int, fetchedAt: Date) -> [PagingMachine.Action] {
            apply(machine.cacheHit(page, number: number, fetchedAt: fetchedAt, inFlight))
        }

        mutating func offline(page: Int) -> [PagingMachine.Action] {
            guard let lane = answer(page) else { return [] }
            return apply(machine.offline(lane: lane))
        }

        mutating func prefetchFailed(page: Int) -> [PagingMachine.Action] {
            guard answer(page) == .background else { return [] }
            return apply(machine.prefetchFailed())
        }

        mutating func cancelled() -> [PagingMachine.Action] { apply(machine.cancelled(inFlight)) }
        mutating func reset() -> [PagingMachine.Action] { apply(machine.reset(inFlight)) }
        mutating func localListShown(_ page: Page<Question>) -> [PagingMachine.Action] {
            apply(machine.localListShown(page, inFlight))
        }
        mutating func selectionMoved(rowsBelow: Int, distance: Int) -> [PagingMachine.Action] {
            apply(machine.selectionMoved(rowsBelow: rowsBelow, distance: distance, inFlight))
        }
        mutating func pageShown(number: Int, rowsAdded: Int, rowsShown: Int, screenRows: Int, distance: Int) -> [PagingMachine.Action] {
            apply(machine.pageShown(
                number: number, rowsAdded: rowsAdded, rowsShown: rowsShown, screenRows: screenRows, distance: distance, inFlight))
        }
    }

    let now = Fixtures.now
    let page1 = Fixtures.page(Fixtures.questions(3), hasMore: true)
    let page2 = Fixtures.page(Fixtures.questions(3, from: 4), hasMore: false)

    /// The page of the single `send` on `lane` among `actions`.
    func sent(_ actions: [PagingMachine.Action], lane: RequestPriority = .user) -> Int? {
        for case .send(let page, let sentLane) in actions where sentLane == lane { return page }
        return nil
    }

    @Test func aLoadSendsOnTheUserLaneAndShowsWhatArrives() throws {
        var machine = Paging(now: now)
        #expect(sent(machine.loadRequested()) == 1)
        #expect(machine.isLoading)
        #expect(machine.loadRequested().isEmpty, "n does nothing while a load is in flight")
        #expect(machine.pageArrived(page2, number: 2, newRows: 3).isEmpty, "a page nobody waits for")
        let shown = machine.pageArrived(page1, number: 1, newRows: 3)
        #expect(shown == [.show(page1, number: 1, source: .live)])
        #expect(machine.loadedPages == 1 && machine.hasMore && !machine.isLoading)
        #expect(machine.nextPage == 2)
        #expect(machine.pageArrived(page1, number: 1, newRows: 0).isEmpty, "a second answer is dropped")
    }

    /// The one rule of filling the screen (`pageShown`): the next page is prefetched while rows are left empty and
    /// the page shown brought new ones (page 1 always counts), never past the last page, and not with prefetching off.
    @Test func aShownPageThatLeavesRowsEmptyAsksForTheNextOnce() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        _ = machine.pageArrived(page1, number: 1, newRows: 3)
        #expect(machine.pageShown(number: 1, rowsAdded: 3, rowsShown: 3, screenRows: 3, distance: 5).isEmpty, "the screen is full")
        #expect(machine.pageShown(number: 1, rowsAdded: 3, rowsShown: 3, screenRows: 20, distance: 0).isEmpty, "prefetch is off")
        var repeats = machine
        #expect(repeats.pageShown(number: 2, rowsAdded: 0, rowsShown: 3, screenRows: 20, distance: 5).isEmpty,
                "a page of repeats asks for no more")
        #expect(machine.pageShown(number: 1, rowsAdded: 0, rowsShown: 3, screenRows: 20, distance: 5)
            == [.send(page: 2, lane: .background)], "page 1 asks even when it only replaced the store's copy")
        #expect(machine.pageShown(number: 1, rowsAdded: 3, rowsShown: 3, screenRows: 20, distance: 5).isEmpty,
                "the prefetch is in flight already")
        _ = machine.pageArrived(page2, number: 2, newRows: nil)
        #expect(machine.pageShown(number: 2, rowsAdded: 3, rowsShown: 6, screenRows: 20, distance: 5).isEmpty,
                "the last page leaves nothing to ask for")
    }

    @Test func askingForTheSamePageAgainSendsTheSameRequestAndCancelsNothing() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        #expect(machine.loadRequested(page: 1) == [.send(page: 1, lane: .user)], "the ledger joins it")
    }

    @Test func replacingALoadOfAnotherPageCancelsTheOldRequest() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        #expect(machine.loadRequested(page: 2) == [.cancel(page: 1), .send(page: 2, lane: .user)])
    }

    @Test func aCacheHitShowsAtOnceAndTheLiveCopyReplacesIt() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        let fetched = now - 300
        #expect(machine.cacheHit(page1, number: 1, fetchedAt: fetched) == [.show(page1, number: 1, source: .cached(fetchedAt: fetched))])
        #expect(machine.cachedAt == fetched)
        #expect(machine.isLoading, "revalidating")
        #expect(machine.cacheHit(page2, number: 2, fetchedAt: fetched).isEmpty, "only the page requested")
        let live = machine.pageArrived(page1, number: 1, newRows: nil)
        #expect(live == [.show(page1, number: 1, source: .live)])
        #expect(machine.cachedAt == nil)
    }

    @Test func offlineKeepsWhatWasShownAndSendsNothing() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        _ = machine.cacheHit(page1, number: 1, fetchedAt: now - 60)
        #expect(machine.offline(page: 1).isEmpty, "no retry of its own")
        #expect(machine.phase == .failed("offline"))
        #expect(machine.loadedPages == 1 && machine.cachedAt == now - 60)
        #expect(sent(machine.loadRequested(page: 1)) == 1)
        _ = machine.pageArrived(page1, number: 1, newRows: nil)
        #expect(machine.phase == .idle)
    }

    @Test func escCancelsTheLoadTheProfetchJoinedOnceAndSaysHowToRetry() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        _ = machine.pageArrived(page1, number: 1, newRows: 3)
        #expect(sent(machine.selectionMoved(rowsBelow: 0, distance: 5), lane: .background) == 2)
        // Asking for page 2 while its prefetch is in flight asks for the same request on the user lane.
        #expect(machine.loadRequested() == [.send(page: 2, lane: .user)])
        let actions = machine.cancelled()
        #expect(actions == [.cancel(page: 2), .say(PagingMachine.cancelledNotice)], "one request, cancelled once")
        #expect(machine.phase == .cancelled)
        #expect(machine.pageArrived(page2, number: 2, newRows: nil).isEmpty, "nobody waits after the cancel")
    }

    @Test func escCancelsAPrefetchOfAnotherPageToo() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        _ = machine.pageArrived(page1, number: 1, newRows: 3)
        _ = machine.selectionMoved(rowsBelow: 0, distance: 5)
        _ = machine.loadRequested(page: 1)
        #expect(machine.cancelled() == [.cancel(page: 2), .cancel(page: 1), .say(PagingMachine.cancelledNotice)])
    }

    @Test func theJoinedAnswerCompletesTheLoadAndThePrefetch() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        _ = machine.pageArrived(page1, number: 1, newRows: 3)
        #expect(sent(machine.selectionMoved(rowsBelow: 1, distance: 5), lane: .background) == 2)
        #expect(machine.selectionMoved(rowsBelow: 0, distance: 5).isEmpty, "one prefetch at a time")
        _ = machine.loadRequested()
        let actions = machine.pageArrived(page2, number: 2, newRows: 3)
        #expect(actions == [.show(page2, number: 2, source: .live)])
        #expect(!machine.isLoading && !machine.hasMore && machine.prefetchingPage == nil)
        #expect(machine.pageArrived(page2, number: 2, newRows: 0).isEmpty)
    }

    @Test func aPrefetchNobodyAskedForShowsQuietly() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        _ = machine.pageArrived(page1, number: 1, newRows: 3)
        _ = machine.selectionMoved(rowsBelow: 0, distance: 5)
        #expect(machine.pageArrived(page2, number: 2, newRows: nil) == [.show(page2, number: 2, source: .live)])
        #expect(machine.loadedPages == 2 && machine.prefetchingPage == nil)
    }

    @Test func aFailedPrefetchIsNotRetriedUntilARequestedPageLoads() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        _ = machine.pageArrived(page1, number: 1, newRows: 3)
        #expect(sent(machine.selectionMoved(rowsBelow: 0, distance: 5), lane: .background) == 2)
        #expect(machine.prefetchFailed(page: 2).isEmpty)
        #expect(machine.selectionMoved(rowsBelow: 0, distance: 5).isEmpty)
        #expect(machine.selectionMoved(rowsBelow: 10, distance: 5).isEmpty)
    }

    @Test func aPageOfDuplicatesCostsOneFollowUpThenSaysSo() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        _ = machine.pageArrived(page1, number: 1, newRows: 3)
        #expect(sent(machine.loadRequested()) == 2)
        let repeated = Fixtures.page(Fixtures.questions(3), hasMore: true)
        #expect(sent(machine.pageArrived(repeated, number: 2, newRows: 0)) == 3)
        let stop = machine.pageArrived(repeated, number: 3, newRows: 0)
        #expect(sent(stop) == nil, "no loop")
        #expect(stop.contains(.say(PagingMachine.duplicatePageNotice)))
    }

    @Test func resetCancelsEverythingAndForgetsThePages() throws {
        var machine = Paging(now: now)
        _ = machine.loadRequested()
        #expect(machine.reset() == [.cancel(page: 1)])
        #expect(!machine.isLoading && machine.loadedPages == 0)
        #expect(machine.pageArrived(page1, number: 1, newRows: 3).isEmpty, "nobody waits for it")
    }

    @Test func aLocalListIsOnePageWithNothingMore() {
        var machine = Paging(now: now)
        #expect(machine.localListShown(page1) == [.show(page1, number: 1, source: .live)])
        #expect(machine.nextPage == nil)
        #expect(machine.selectionMoved(rowsBelow: 0, distance: 5).isEmpty)
    }
}
