public import Foundation
public import StackExchange

/// The question list's paging as one value: events in, actions out, no I/O.
///
/// It holds everything about paging that used to be spread over `ListState` and the controller: which page
/// is in flight on which lane (and the token its answer must carry), the prefetch, the pages shown from the
/// store that wait for their live copy, offline, and the one follow-up a page of only duplicates may cost.
/// The browser model feeds it events (`BrowserModel+Paging`: `loadRequested`, `cacheHit`, `pageArrived`,
/// `prefetchArrived`, `failed`, `offline`, `cancelled`, …) and turns the actions it returns (`send`, `cancel`,
/// `show`, `say`) into effects for the runner; an answer whose token is not the one in flight is stale and changes nothing. The model is
/// Hummingbird's connection state machines.
public struct PagingMachine: Hashable, Sendable {
    /// Names one request; an answer is applied only while its token is the one in flight.
    public struct Token: Hashable, Sendable {
        public let value: Int
    }

    /// Where a shown page came from.
    public enum Source: Hashable, Sendable {
        case live
        case cached(fetchedAt: Date)
    }

    /// What the model must do (it turns each into effects: `BrowserModel.carryOut`).
    public enum Action: Equatable, Sendable {
        /// Ask the data manager for `page` on `lane`; its answer comes back with `token`.
        case send(page: Int, lane: RequestPriority, token: Token)
        /// Cancel the request `token` names.
        case cancel(Token)
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
    private var userToken: Token?
    private var prefetchToken: Token?
    private var lastToken = 0
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
        var actions = cancelUser()
        phase = .loading(page: page, startedAt: date)
        let token = makeToken()
        userToken = token
        actions.append(.send(page: page, lane: .user, token: token))
        return actions
    }

    /// The store has `page` (the page just requested): it is shown at once while its request is in flight.
    public mutating func cacheHit(_ page: Page<Question>, number: Int, fetchedAt: Date) -> [Action] {
        guard phase.loadingPage == number, number == loadedPages + 1 else { return [] }
        record(shown: page, number: number, source: .cached(fetchedAt: fetchedAt))
        return [.show(page, number: number, source: .cached(fetchedAt: fetchedAt))]
    }

    /// The answer to a requested load arrived; `newRows` is how many questions it adds that the list does not
    /// have (nil when it replaces the store's copy of itself).
    public mutating func pageArrived(_ page: Page<Question>, number: Int, token: Token, newRows: Int?, at date: Date) -> [Action] {
        guard token == userToken, phase.loadingPage == number,
              number == loadedPages + 1 || cachedPages[number] != nil
        else { return [] }
        userToken = nil
        var actions: [Action] = []
        if prefetchingPage == number { actions += cancelPrefetch() }
        record(shown: page, number: number, source: .live)
        phase = .idle
        isPrefetchBlocked = false
        actions.append(.show(page, number: number, source: .live))
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

    /// The requested load failed with a reason the person should see; the rows stay.
    public mutating func failed(token: Token, message: String) -> [Action] {
        guard token == userToken, isLoading else { return [] }
        userToken = nil
        phase = .failed(message)
        return []
    }

    /// The network could not be reached: what the store showed stays, and nothing retries by itself.
    public mutating func offline(token: Token) -> [Action] {
        guard token == userToken || token == prefetchToken else { return [] }
        if token == prefetchToken {
            prefetchToken = nil
            prefetchingPage = nil
            isPrefetchBlocked = true
        } else {
            userToken = nil
            phase = .failed("offline")
        }
        return []
    }

    /// The requested load ended as cancelled by the data manager (not by Esc).
    public mutating func cancelledByManager(token: Token) -> [Action] {
        guard token == userToken, isLoading else { return [] }
        userToken = nil
        phase = .cancelled
        return [.say(Self.cancelledNotice)]
    }

    /// Esc: cancels the load and the prefetch in flight; the rows stay.
    public mutating func cancelled() -> [Action] {
        guard isLoading else { return [] }
        let actions = cancelPrefetch() + cancelUser()
        phase = .cancelled
        return actions + [.say(Self.cancelledNotice)]
    }

    /// Everything stops (a reload, a new query, quitting): cancels both requests and forgets the pages.
    public mutating func reset() -> [Action] {
        let actions = cancelPrefetch() + cancelUser()
        // Tokens never repeat, so an answer to a request from before the reset stays stale.
        let last = lastToken
        self = PagingMachine()
        lastToken = last
        return actions
    }

    /// Shows a list that has no network copy (the bookmarks, from the store) as its one and only page.
    public mutating func localListShown(_ page: Page<Question>) -> [Action] {
        let actions = reset()
        loadedPages = 1
        hasMore = false
        return actions + [.show(page, number: 1, source: .live)]
    }

    /// True while `token` names a request whose answer would still be applied.
    public func isAwaiting(_ token: Token) -> Bool {
        token == userToken || token == prefetchToken
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
        let token = makeToken()
        prefetchToken = token
        return [.send(page: page, lane: .background, token: token)]
    }

    /// The prefetched page arrived. It also completes a load of the same page the person asked for meanwhile.
    public mutating func prefetchArrived(_ page: Page<Question>, number: Int, token: Token) -> [Action] {
        guard token == prefetchToken, prefetchingPage == number, number == loadedPages + 1 else { return [] }
        prefetchToken = nil
        var actions: [Action] = []
        if phase.loadingPage == number {
            // The person's copy of this request is now redundant.
            actions += cancelUser()
            phase = .idle
        }
        record(shown: page, number: number, source: .live)
        prefetchingPage = nil
        return actions + [.show(page, number: number, source: .live)]
    }

    /// The prefetch failed: nothing is shown, and no prefetch runs again until a requested page loads.
    public mutating func prefetchFailed(token: Token) -> [Action] {
        guard token == prefetchToken else { return [] }
        prefetchToken = nil
        prefetchingPage = nil
        isPrefetchBlocked = true
        return []
    }

    /// Cancels the prefetch in flight, if any.
    public mutating func cancelPrefetch() -> [Action] {
        prefetchingPage = nil
        guard let token = prefetchToken else { return [] }
        prefetchToken = nil
        return [.cancel(token)]
    }

    // MARK: Bookkeeping

    private mutating func cancelUser() -> [Action] {
        guard let token = userToken else { return [] }
        userToken = nil
        return [.cancel(token)]
    }

    private mutating func makeToken() -> Token {
        lastToken += 1
        return Token(value: lastToken)
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
