public import Foundation
public import StackExchange

/// A question's life on the detail screen as one value: events in, actions out, no I/O.
///
/// `cached → revalidating → live`, or `loading → live`; a revalidation that finds the network gone leaves the
/// stored copy on screen (`offline`); a first load that fails shows why. Answer paging lives here too: one
/// page at a time, `has_more` as the API (or the store) said, and no retry after a failure until the question
/// is reloaded. The model turns the actions into requests on its ledger, which alone knows whether an answers
/// page is in flight (`RequestPurpose.answers(page:)`): the screen hands that in.
public struct DetailMachine: Hashable, Sendable {
    /// Where the question's content stands.
    public enum Life: Hashable, Sendable {
        /// Nothing to show yet; the store is asked first, then the network.
        case loading(startedAt: Date)
        /// The store's copy, fresh enough that nothing is sent.
        case cached(fetchedAt: Date)
        /// The store's copy, with a request in flight to refresh it.
        case revalidating(fetchedAt: Date)
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

    public private(set) var life: Life
    /// Set when an answers page failed: no more are asked for until the question is reloaded.
    public private(set) var isAnswerPagingBlocked = false
    /// When the question was opened (or its failed load asked again): the spinner's start while nothing shows.
    public private(set) var startedAt: Date

    public init(startedAt: Date) {
        life = .loading(startedAt: startedAt)
        self.startedAt = startedAt
    }

    /// When the shown copy was fetched, while it is the store's.
    public var cachedAt: Date? {
        switch life {
        case .cached(let at), .revalidating(let at), .offline(let at): at
        default: nil
        }
    }

    public var isWaitingForDetail: Bool {
        switch life {
        case .loading, .revalidating: true
        default: false
        }
    }

    /// The store answered: a fresh copy is enough, a stale one shows while it is revalidated, none means a load.
    /// `asked`: the network was asked already (a link's question is asked before the store is read): nothing more is
    /// sent, and a stored copy shows while that request runs.
    public mutating func storeAnswered(fetchedAt: Date?, isFresh: Bool, revalidate: Bool, asked: Bool = false) -> [Action] {
        guard let fetchedAt else { return asked ? [] : [.fetchDetail] }
        if asked {
            life = .revalidating(fetchedAt: fetchedAt)
            return []
        }
        if isFresh, !revalidate {
            life = .cached(fetchedAt: fetchedAt)
            return []
        }
        life = .revalidating(fetchedAt: fetchedAt)
        return [.fetchDetail]
    }

    /// `r`: ask the network again, keeping what shows.
    public mutating func reloadRequested(at date: Date) -> [Action] {
        switch life {
        case .cached(let at), .offline(let at): life = .revalidating(fetchedAt: at)
        case .failed:
            life = .loading(startedAt: date)
            startedAt = date
        case .live, .loading, .revalidating: break
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

    /// The detail request failed; `offline` when the network could not be reached.
    public mutating func detailFailed(message: String, offline: Bool) {
        switch life {
        case .revalidating(let at): life = offline ? .offline(fetchedAt: at) : .cached(fetchedAt: at)
        case .loading: life = .failed(offline ? Self.notStoredOffline : message)
        default: break
        }
    }

    /// The first load was stopped before anything showed (quitting): the screen says `message`.
    public mutating func loadStopped(message: String) {
        if case .loading = life { life = .failed(message) }
    }

    /// The screen nears the end of the answers shown: the next page is asked for when the API has more and no
    /// answers page is in flight (`pageInFlight`, the ledger's).
    public func nearEnd(hasMore: Bool, pagesLoaded: Int, pageInFlight: Int?) -> [Action] {
        guard hasMore, pageInFlight == nil, !isAnswerPagingBlocked else { return [] }
        switch life {
        case .loading, .failed: return []
        default: break
        }
        return [.fetchAnswers(page: pagesLoaded + 1)]
    }

    /// An answers page failed: paging stops until a reload.
    public mutating func answersFailed() {
        isAnswerPagingBlocked = true
    }
}
