public import Foundation
public import StackExchange

/// The question list's paging as one value: events in, actions out, no I/O.
///
/// It holds the intent of paging: how many pages are shown and whether more exist, the prefetch held back after
/// a failure, the pages shown from the store that wait for their live copy, how the last load ended when it
/// brought no page, and the one follow-up a page of only duplicates may cost. It keeps no request: whether a page
/// is in flight, on which lane and since when, is the model's `RequestLedger`'s to know, and the list hands it in
/// as `InFlight` (`ListState.inFlight(in:)`) wherever the answer matters. The ledger also drops the answer to a
/// request that was cancelled. The list screen feeds it events (`ListScreen+Paging`: `loadRequested`, `cacheHit`,
/// `pageArrived`, `pageShown`, `failed`, `offline`, `cancelled`, …) and carries out the actions it returns
/// (`send`, `cancel`, `show`, `say`) through the ledger; an answer for a page it no longer waits for changes
/// nothing. The model is Hummingbird's connection state machines.
public struct PagingMachine: Hashable, Sendable {
    /// Where a shown page came from.
    public enum Source: Hashable, Sendable {
        case live
        case cached(fetchedAt: Date)
    }

    /// The list's requests in flight as the ledger holds them: the page the person waits for, and the pages
    /// prefetched that nobody asked for yet (a prefetch the person asked for is their load: the ledger raised it).
    public struct InFlight: Hashable, Sendable {
        /// The page the person waits for and since when.
        public struct Load: Hashable, Sendable {
            public let page: Int
            public let since: Date
        }

        public var load: Load?
        public var prefetches: [Int] = []

        public init(load: Load? = nil, prefetches: [Int] = []) {
            self.load = load
            self.prefetches = prefetches
        }

        /// True when nothing of the list is in flight.
        public var isEmpty: Bool { load == nil && prefetches.isEmpty }
    }

    /// How the last load ended when it brought no page.
    public enum Stop: Hashable, Sendable {
        case cancelled
        case failed(String)
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

    /// How the last load ended when it brought no page; nil once a page arrived or another load was asked for.
    public private(set) var stopped: Stop?
    /// How many pages are shown (pages are 1-based, so the next is `loadedPages + 1`).
    public private(set) var loadedPages = 0
    public private(set) var hasMore = true
    /// Set when a prefetch failed, so moving does not retry it on every key; a requested load clears it.
    public private(set) var isPrefetchBlocked = false
    /// When the oldest page still shown from the store was fetched; nil once every page shown is live.
    public private(set) var cachedAt: Date?
    private var cachedPages: [Int: Date] = [:]
    private var hasFollowedDuplicatePage = false

    public init() {}

    /// Where paging stands with `inFlight` in flight: the load the person waits for, else how the last one ended.
    public func phase(_ inFlight: InFlight) -> LoadPhase {
        if let load = inFlight.load { return .loading(page: load.page, startedAt: load.since) }
        switch stopped {
        case .cancelled?: return .cancelled
        case .failed(let message)?: return .failed(message)
        case nil: return .idle
        }
    }

    /// The page `n` would load now: none while a load is in flight or once the API said there is no more.
    public func nextPage(_ inFlight: InFlight) -> Int? {
        guard inFlight.load == nil, hasMore || loadedPages == 0 else { return nil }
        return loadedPages + 1
    }

    // MARK: Requested loads

    /// The person asked for `page` (the next page when nil): cancels the load in flight for another page and sends it.
    public mutating func loadRequested(page requested: Int? = nil, _ inFlight: InFlight) -> [Action] {
        guard let page = requested ?? nextPage(inFlight) else { return [] }
        var actions: [Action] = []
        if let loading = inFlight.load?.page, loading != page { actions.append(.cancel(page: loading)) }
        stopped = nil
        actions.append(.send(page: page, lane: .user))
        return actions
    }

    /// The store has `page` (the page just requested): it is shown at once while its request is in flight.
    public mutating func cacheHit(_ page: Page<Question>, number: Int, fetchedAt: Date, _ inFlight: InFlight) -> [Action] {
        guard inFlight.load?.page == number, number == loadedPages + 1 else { return [] }
        record(shown: page, number: number, source: .cached(fetchedAt: fetchedAt))
        return [.show(page, number: number, source: .cached(fetchedAt: fetchedAt))]
    }

    /// Page `number` arrived from the network on `lane`: the person's load (the user lane, also when they asked for
    /// the page being prefetched), or a prefetch nobody asked for yet. `newRows` is how many questions it adds that
    /// the list does not have (nil when it replaces the store's copy of itself, or for a prefetch). `inFlight` is
    /// what is still in flight once it arrived.
    public mutating func pageArrived(
        _ page: Page<Question>, number: Int, lane: RequestPriority, newRows: Int?, _ inFlight: InFlight
    ) -> [Action] {
        guard lane == .user else { return prefetchArrived(page, number: number) }
        guard number == loadedPages + 1 || cachedPages[number] != nil else { return [] }
        record(shown: page, number: number, source: .live)
        stopped = nil
        isPrefetchBlocked = false
        let actions: [Action] = [.show(page, number: number, source: .live)]
        // A page of only duplicates costs one follow-up request, never a loop.
        guard newRows == 0, hasMore else {
            hasFollowedDuplicatePage = false
            return actions
        }
        if hasFollowedDuplicatePage {
            hasFollowedDuplicatePage = false
            return actions + [.say(Self.duplicatePageNotice)]
        }
        hasFollowedDuplicatePage = true
        return actions + loadRequested(inFlight)
    }

    /// The person's load failed with a reason the person should see; the rows stay.
    public mutating func failed(message: String) -> [Action] {
        stopped = .failed(message)
        return []
    }

    /// The network could not be reached for a page on `lane`: what the store showed stays, and nothing retries by
    /// itself (a prefetch is held back until a requested page loads).
    public mutating func offline(lane: RequestPriority) -> [Action] {
        if lane == .user { stopped = .failed("offline") } else { isPrefetchBlocked = true }
        return []
    }

    /// The person's load ended as cancelled by the data manager (not by Esc).
    public mutating func cancelledByManager() -> [Action] {
        stopped = .cancelled
        return [.say(Self.cancelledNotice)]
    }

    /// Esc: cancels the load and the prefetches in flight; the rows stay.
    public mutating func cancelled(_ inFlight: InFlight) -> [Action] {
        guard let loading = inFlight.load?.page else { return [] }
        stopped = .cancelled
        return cancelPrefetch(inFlight) + [.cancel(page: loading), .say(Self.cancelledNotice)]
    }

    /// Everything stops (a reload, a new query, quitting): cancels what is in flight and forgets the pages.
    public mutating func reset(_ inFlight: InFlight) -> [Action] {
        var actions = cancelPrefetch(inFlight)
        if let loading = inFlight.load?.page { actions.append(.cancel(page: loading)) }
        self = PagingMachine()
        return actions
    }

    /// Shows a list that has no network copy (the bookmarks, from the store) as its one and only page.
    public mutating func localListShown(_ page: Page<Question>, _ inFlight: InFlight) -> [Action] {
        let actions = reset(inFlight)
        loadedPages = 1
        hasMore = false
        return actions + [.show(page, number: 1, source: .live)]
    }

    // MARK: Prefetch

    /// The selection moved: `rowsBelow` rows are left under it. Sends the next page on the background lane when
    /// nothing is in flight, the last load did not stop, more exists and the selection is within `distance` rows
    /// of the end.
    public mutating func selectionMoved(rowsBelow: Int, distance: Int, _ inFlight: InFlight) -> [Action] {
        guard distance > 0, inFlight.isEmpty, stopped == nil, !isPrefetchBlocked, hasMore, loadedPages > 0,
              rowsBelow < distance
        else { return [] }
        return [.send(page: loadedPages + 1, lane: .background)]
    }

    /// Page `number` is shown and the list holds `rowsShown` rows for `screenRows` rows on screen: while rows are
    /// left empty and more exist, the next page is fetched at once, as a prefetch (at 40 rows a first page of 30
    /// would leave 9 blank; off with prefetching, `distance` 0). Only a page that brought new rows (`rowsAdded`)
    /// asks for another: pages of repeats (the live list moving, or a stub) would otherwise ask forever. Page 1
    /// may replace the store's copy of itself and bring no new row, and still asks.
    public mutating func pageShown(
        number: Int, rowsAdded: Int, rowsShown: Int, screenRows: Int, distance: Int, _ inFlight: InFlight
    ) -> [Action] {
        guard number == 1 || rowsAdded > 0, rowsShown < screenRows else { return [] }
        return selectionMoved(rowsBelow: 0, distance: distance, inFlight)
    }

    /// The prefetched page arrived before anyone asked for it.
    private mutating func prefetchArrived(_ page: Page<Question>, number: Int) -> [Action] {
        guard number == loadedPages + 1 else { return [] }
        record(shown: page, number: number, source: .live)
        return [.show(page, number: number, source: .live)]
    }

    /// A prefetch failed: nothing is shown, and no prefetch runs again until a requested page loads.
    public mutating func prefetchFailed() -> [Action] {
        isPrefetchBlocked = true
        return []
    }

    /// Cancels the prefetches in flight, if any; a prefetch the person asked for meanwhile is their load now
    /// (the ledger raised it to the user lane), and stays.
    public func cancelPrefetch(_ inFlight: InFlight) -> [Action] {
        inFlight.prefetches.map { .cancel(page: $0) }
    }

    // MARK: Bookkeeping

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
