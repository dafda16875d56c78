public import Foundation
public import StackExchange

/// A question's content on the detail screen as one value: events in, actions out, no I/O.
///
/// It keeps intent only: where the copy shown came from (the store's, the network's, or the store's when the network
/// could not be reached), when a stored copy was fetched, and why a first load that left nothing to show failed. Whether
/// a request is in flight is the model's `RequestLedger`'s to know: the detail (`RequestPurpose.detail`) and each
/// answers page (`.answers(page:)`). "Loading" and "revalidating" are questions asked of it (`DetailState.isFetching(in:)`,
/// `isRevalidating(in:)`), never a state kept here. The store's copy is read first when a question opens: a fresh one
/// is enough, a stale one shows while the network is asked, none means a load; a first load that fails shows why.
/// Answer paging lives here too: one page at a time, `has_more` as the API (or the store) said, and no retry after a
/// failure until the question is reloaded.
public struct DetailMachine: Hashable, Sendable {
    /// Where the question's content stands.
    public enum Life: Hashable, Sendable {
        /// Nothing to show yet: the store is read, then the network asked (the ledger says whether it is).
        case opening
        /// The store's copy.
        case cached(fetchedAt: Date)
        /// The network's copy.
        case live
        /// The store's copy, and the network could not be reached.
        case offline(fetchedAt: Date)
        /// Nothing to show, and why.
        case failed(String)
    }

    /// What the model must do.
    public enum Action: Hashable, Sendable {
        case fetchDetail
        case fetchAnswers(page: Int)
        case cancelAnswers
    }

    public private(set) var life: Life = .opening
    /// Set when an answers page failed: no more are asked for until the question is reloaded.
    public private(set) var isAnswerPagingBlocked = false
    /// When the question was opened (or its failed load asked again): the spinner's start while nothing shows.
    public private(set) var startedAt: Date

    public init(startedAt: Date) {
        self.startedAt = startedAt
    }

    /// When the shown copy was fetched, while it is the store's.
    public var cachedAt: Date? {
        switch life {
        case .cached(let at), .offline(let at): at
        default: nil
        }
    }

    /// The store answered: a fresh copy is enough, a stale one shows while the network is asked, none means a load.
    /// `asked`: the network was asked already (a link's question is asked before the store is read): nothing more is
    /// sent, and a stored copy shows while that request runs.
    public mutating func storeAnswered(fetchedAt: Date?, isFresh: Bool, revalidate: Bool, asked: Bool = false) -> [Action] {
        guard let fetchedAt else { return asked ? [] : [.fetchDetail] }
        life = .cached(fetchedAt: fetchedAt)
        if asked || (isFresh && !revalidate) { return [] }
        return [.fetchDetail]
    }

    /// `r`: ask the network again, keeping what shows.
    public mutating func reloadRequested(at date: Date) -> [Action] {
        if case .failed = life {
            life = .opening
            startedAt = date
        }
        isAnswerPagingBlocked = false
        return [.cancelAnswers, .fetchDetail]
    }

    /// The network's copy arrived.
    public mutating func detailArrived() {
        life = .live
        isAnswerPagingBlocked = false
    }

    /// What a question neither the store nor the network can give says (`--offline`, or no network): `r` cannot
    /// help until the network is back, so it names what can.
    public static let notStoredOffline = "not in the store — go online or pick another"

    /// The detail request failed; `offline` when the network could not be reached. A stored copy stays on screen (marked
    /// offline when the network was the trouble); a network copy stays as it was; with nothing shown, the failure is.
    public mutating func detailFailed(message: String, offline: Bool) {
        switch life {
        case .cached(let at), .offline(let at): life = offline ? .offline(fetchedAt: at) : .cached(fetchedAt: at)
        case .opening: life = .failed(offline ? Self.notStoredOffline : message)
        case .live, .failed: break
        }
    }

    /// The first load was stopped before anything showed (quitting): the screen says `message`.
    public mutating func loadStopped(message: String) {
        if case .opening = life { life = .failed(message) }
    }

    /// The screen nears the end of the answers shown: the next page is asked for when the API has more and no
    /// answers page is in flight (`pageInFlight`, the ledger's).
    public func nearEnd(hasMore: Bool, pagesLoaded: Int, pageInFlight: Int?) -> [Action] {
        guard hasMore, pageInFlight == nil, !isAnswerPagingBlocked else { return [] }
        switch life {
        case .opening, .failed: return []
        default: break
        }
        return [.fetchAnswers(page: pagesLoaded + 1)]
    }

    /// An answers page failed: paging stops until a reload.
    public mutating func answersFailed() {
        isAnswerPagingBlocked = true
    }
}
