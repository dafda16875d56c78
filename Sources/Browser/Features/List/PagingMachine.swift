public import Foundation
public import StackExchange

/// The question list's paging as one value: events in, actions out, no I/O.
///
/// It holds everything about paging that used to be spread over `ListState` and the controller: which page
/// the person waits for, the prefetch, the pages shown from the store that wait for their live copy, offline,
/// and the one follow-up a page of only duplicates may cost. It names requests by page and keeps no tokens:
/// whether a request is in flight is the model's `RequestLedger`'s to know, which also drops the answer to a
/// request that was cancelled. The list screen feeds it events (`ListScreen+Paging`: `loadRequested`, `cacheHit`, `pageArrived`, `pageShown`,
/// `failed`, `offline`, `cancelled`, …) and carries out the actions it returns (`send`, `cancel`, `show`,
/// `say`) through the ledger; an answer for a page it no longer waits for changes nothing. The model is
/// Hummingbird's connection state machines.
public struct PagingMachine: Hashable, Sendable {
    /// Where a shown page came from.
    public enum Source: Hashable, Sendable {
        case live
        case cached(fetchedAt: Date)
    }

    /// What the model must do (it turns each into effects: `ListScreen.carryOut`).
    public enum Action: Equatable, Sendable {
        /// Ask for `page` on `lane`. The person asking for the page being prefetched asks for the same request
        /// on the user lane: the ledger joins the two.
        case send(page: Int, lane: RequestPriority)
        /// Cancel the request for `page`.
        case cancel(page: Int)
        /// Put `page` in the list as page `number` (appended, or replacing the store's copy).
        case show(Page<Question>, number: Int, source: Source)
        /// Put a note in the status bar.
        case say(String)
    }

    /// The status-bar note after Esc cancelled a load.
    public static let cancelledNotice = "load cancelled — n or r retries"
    /// The status-bar note after two pages in a row repeated only rows already shown.
    public static let duplicatePageNotice = "no new questions on the last pages — n loads more"

    public private(set) var phase: LoadPhase = .idle
    /// How many pages are shown (pages are 1-based, so the next is `loadedPages + 1`).
    public private(set) var loadedPages = 0
    public private(set) var hasMore = true
    /// The page a background prefetch is fetching; it shows no spinner and needs no Esc.
    public private(set) var prefetchingPage: Int?
    /// Set when a prefetch failed, so moving does not retry it on every key; a requested load clears it.
    public private(set) var isPrefetchBlocked = false
    /// When the oldest page still shown from the store was fetched; nil once every page shown is live.
    public private(set) var cachedAt: Date?
    private var cachedPages: [Int: Date] = [:]
    private var hasFollowedDuplicatePage = false

    public init() {}

    public var isLoading: Bool { phase.loadingPage != nil }

    /// The page `n` would load now: none while a load is in flight or once the API said there is no more.
    public var nextPage: Int? {
        guard !isLoading, hasMore || loadedPages == 0 else { return nil }
        return loadedPages + 1
    }

    // MARK: Requested loads

    /// The person asked for `page` (the next page when nil) at `date`: cancels what is in flight and sends it.
    public mutating func loadRequested(page requested: Int? = nil, at date: Date) -> [Action] {
        guard let page = requested ?? nextPage else { return [] }
        var actions: [Action] = []
        if let loading = phase.loadingPage, loading != page { actions += cancelLoad(page: loading) }
        phase = .loading(page: page, startedAt: date)
        actions.append(.send(page: page, lane: .user))
        return actions
    }

    /// The store has `page` (the page just requested): it is shown at once while its request is in flight.
    public mutating func cacheHit(_ page: Page<Question>, number: Int, fetchedAt: Date) -> [Action] {
        guard phase.loadingPage == number, number == loadedPages + 1 else { return [] }
        record(shown: page, number: number, source: .cached(fetchedAt: fetchedAt))
        return [.show(page, number: number, source: .cached(fetchedAt: fetchedAt))]
    }

    /// Page `number` arrived from the network: the person's load, or the prefetch (or both, when the person asked
    /// for the page being prefetched). `newRows` is how many questions it adds that the list does not have (nil
    /// when it replaces the store's copy of itself, or for a prefetch nobody asked for yet).
    public mutating func pageArrived(_ page: Page<Question>, number: Int, newRows: Int?, at date: Date) -> [Action] {
        guard phase.loadingPage == number, number == loadedPages + 1 || cachedPages[number] != nil else {
            return prefetchArrived(page, number: number)
        }
        if prefetchingPage == number { prefetchingPage = nil }
        record(shown: page, number: number, source: .live)
        phase = .idle
        isPrefetchBlocked = false
        let actions: [Action] = [.show(page, number: number, source: .live)]
        // A page of only duplicates (issue 9 §3) costs one follow-up request, never a loop.
        guard newRows == 0, hasMore else {
            hasFollowedDuplicatePage = false
            return actions
        }
        if hasFollowedDuplicatePage {
            hasFollowedDuplicatePage = false
            return actions + [.say(Self.duplicatePageNotice)]
        }
        hasFollowedDuplicatePage = true
        return actions + loadRequested(at: date)
    }

    /// The person's load of `page` failed with a reason the person should see; the rows stay.
    public mutating func failed(page: Int, message: String) -> [Action] {
        if prefetchingPage == page { blockPrefetch() }
        guard phase.loadingPage == page else { return [] }
        phase = .failed(message)
        return []
    }

    /// The network could not be reached for `page`: what the store showed stays, and nothing retries by itself.
    public mutating func offline(page: Int) -> [Action] {
        if prefetchingPage == page { blockPrefetch() }
        if phase.loadingPage == page { phase = .failed("offline") }
        return []
    }

    /// The person's load of `page` ended as cancelled by the data manager (not by Esc).
    public mutating func cancelledByManager(page: Int) -> [Action] {
        if prefetchingPage == page { prefetchingPage = nil }
        guard phase.loadingPage == page else { return [] }
        phase = .cancelled
        return [.say(Self.cancelledNotice)]
    }

    /// Esc: cancels the load and the prefetch in flight; the rows stay.
    public mutating func cancelled() -> [Action] {
        guard let loading = phase.loadingPage else { return [] }
        let actions = cancelPrefetch() + cancelLoad(page: loading)
        phase = .cancelled
        return actions + [.say(Self.cancelledNotice)]
    }

    /// Everything stops (a reload, a new query, quitting): cancels both requests and forgets the pages.
    public mutating func reset() -> [Action] {
        var actions = cancelPrefetch()
        if let loading = phase.loadingPage { actions += cancelLoad(page: loading) }
        self = PagingMachine()
        return actions
    }

    /// Shows a list that has no network copy (the bookmarks, from the store) as its one and only page.
    public mutating func localListShown(_ page: Page<Question>) -> [Action] {
        let actions = reset()
        loadedPages = 1
        hasMore = false
        return actions + [.show(page, number: 1, source: .live)]
    }

    // MARK: Prefetch

    /// The selection moved: `rowsBelow` rows are left under it. Sends the next page on the background lane when
    /// nothing is in flight, more exists and the selection is within `distance` rows of the end.
    public mutating func selectionMoved(rowsBelow: Int, distance: Int) -> [Action] {
        guard distance > 0, phase == .idle, prefetchingPage == nil, !isPrefetchBlocked, hasMore, loadedPages > 0,
              rowsBelow < distance
        else { return [] }
        let page = loadedPages + 1
        prefetchingPage = page
        return [.send(page: page, lane: .background)]
    }

    /// Page `number` is shown and the list holds `rowsShown` rows for `screenRows` rows on screen: while rows are
    /// left empty and more exist, the next page is fetched at once, as a prefetch (at 40 rows a first page of 30
    /// would leave 9 blank, issue 26; off with prefetching, `distance` 0). Only a page that brought new rows
    /// (`rowsAdded`) asks for another: pages of repeats (the live list moving, or a stub) would otherwise ask
    /// forever. Page 1 may replace the store's copy of itself and bring no new row, and still asks.
    public mutating func pageShown(number: Int, rowsAdded: Int, rowsShown: Int, screenRows: Int, distance: Int) -> [Action] {
        guard number == 1 || rowsAdded > 0, rowsShown < screenRows else { return [] }
        return selectionMoved(rowsBelow: 0, distance: distance)
    }

    /// The prefetched page arrived before anyone asked for it.
    private mutating func prefetchArrived(_ page: Page<Question>, number: Int) -> [Action] {
        guard prefetchingPage == number, number == loadedPages + 1 else { return [] }
        record(shown: page, number: number, source: .live)
        prefetchingPage = nil
        return [.show(page, number: number, source: .live)]
    }

    /// The prefetch of `page` failed: nothing is shown, and no prefetch runs again until a requested page loads.
    public mutating func prefetchFailed(page: Int) -> [Action] {
        guard prefetchingPage == page else { return [] }
        blockPrefetch()
        return []
    }

    /// Cancels the prefetch in flight, if any; a prefetch the person asked for meanwhile is their load now, and stays.
    public mutating func cancelPrefetch() -> [Action] {
        guard let page = prefetchingPage else { return [] }
        prefetchingPage = nil
        return page == phase.loadingPage ? [] : [.cancel(page: page)]
    }

    // MARK: Bookkeeping

    /// Cancels the person's load of `page`; the prefetch of the same page was the same request, and goes with it.
    private mutating func cancelLoad(page: Int) -> [Action] {
        if prefetchingPage == page { prefetchingPage = nil }
        return [.cancel(page: page)]
    }

    private mutating func blockPrefetch() {
        prefetchingPage = nil
        isPrefetchBlocked = true
    }

    /// Counts page `number` as shown: a new page moves `loadedPages`, the last page decides `hasMore`.
    private mutating func record(shown page: Page<Question>, number: Int, source: Source) {
        if number > loadedPages { loadedPages = number }
        if number == loadedPages { hasMore = page.hasMore }
        switch source {
        case .live: cachedPages[number] = nil
        case .cached(let fetchedAt): cachedPages[number] = fetchedAt
        }
        cachedAt = cachedPages.values.min()
    }
}
