public import Foundation
public import StackExchange

/// The question detail screen as a value: which question on which site, what has loaded, and how far it is scrolled.
public struct DetailState: Equatable, Sendable {
    /// Loading, loaded, or failed: what the screen can show (derived from the content and the machine's life).
    public enum Phase: Equatable, Sendable {
        case loading(startedAt: Date)
        case loaded(QuestionDetail)
        case failed(String)
    }

    /// The row of the list the detail was opened from: its title shows while the body loads.
    public var question: Question
    /// The site the question is on (a bookmark's own site): every request about it goes there.
    public let site: String
    /// The question's content, once the store or the network gave it.
    public private(set) var loaded: QuestionDetail?
    /// Where the question's content came from (cached, live, offline) and its answer paging.
    public var machine: DetailMachine
    /// The first document line shown.
    public var scroll = 0
    /// How many columns the code blocks are scrolled sideways (`>`, `<`), for lines wider than the screen.
    public var codeShift = 0
    /// The comments under the posts: shown or not, fetched or not.
    public var comments = CommentsState() { didSet { revision.changes += 1 } }
    /// The header line `J`/`K` moved to when the scroll could not bring it to the top (the document ends first):
    /// that post is current until the person scrolls.
    public var pinnedPostLine: Int?
    /// Find in page, while something is looked for.
    public var find: FindState?
    /// How many times a text was put in place (`show`: the store's copy, the network's, a refresh).
    public private(set) var loads = 0
    /// `loads` as it was when the last frame went out: the text that frame showed.
    public private(set) var loadsFramed = 0
    /// The posts' pictures: how they are drawn and where each one is (a change draws their lines again, not the text).
    public var pictures = PictureShelf() { didSet { if pictures != oldValue { revision.pictures += 1 } } }
    /// Names what the layout draws (the detail and the comments shown); a new value whenever either changes,
    /// so the layout memo never hands out a layout of other content.
    public private(set) var revision: Revision

    /// A detail's content revision: which opening of a question (`DetailScreen` counts them) and how many times
    /// its content changed since: its text (the detail, the comments shown) and, apart, its pictures' states, which
    /// change only the pictures' own lines. Two details never share one, and the same events give the same revisions.
    public struct Revision: Hashable, Sendable {
        public let opening: Int
        public fileprivate(set) var changes = 0
        public fileprivate(set) var pictures = 0
    }

    /// A question opened at `startedAt`, the detail screen's `opening`-th (which names its revisions).
    public init(question: Question, site: String, startedAt: Date, opening: Int) {
        self.question = question
        self.site = site
        self.machine = DetailMachine(startedAt: startedAt)
        self.revision = Revision(opening: opening)
    }

    /// What the screen can show: the machine's failure, else the content, else the load under way.
    public var phase: Phase {
        if case .failed(let message) = machine.life { return .failed(message) }
        if let loaded { return .loaded(loaded) }
        return .loading(startedAt: machine.startedAt)
    }

    public var questionID: Int { question.questionID }

    /// True while nothing shows yet: the store is being read, or the ledger holds the question's request.
    public var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// The request for this question's detail (its first load, or the refresh of what shows).
    public var detailRequest: BrowserRequest { .detail(site: site, questionID: questionID) }

    /// True while `ledger` holds the request for this question's detail.
    public func isFetching(in ledger: RequestLedger) -> Bool {
        ledger.inFlight(detailRequest, for: .detail) != nil
    }

    /// True while a request refreshes the copy shown (the store's, or the network's on `r`): `ledger` says so.
    public func isRevalidating(in ledger: RequestLedger) -> Bool {
        loaded != nil && isFetching(in: ledger)
    }

    /// When the detail shown was fetched, when it came from the store.
    public var cachedAt: Date? { machine.cachedAt }

    /// Shows `detail` (from the store or the network).
    public mutating func show(_ detail: QuestionDetail) {
        loaded = detail
        loads += 1
        revision.changes += 1
    }

    /// True once a frame has shown the text loaded now: its pictures may be asked for.
    public var isTextFramed: Bool { loaded != nil && loadsFramed == loads }

    /// A frame went out showing the detail as it is now.
    public mutating func frameShown() {
        loadsFramed = loads
    }

    /// Scrolls by `delta` lines within `document` shown `height` rows at a time (a row less under a sticky header).
    public mutating func scroll(by delta: Int, in document: DetailDocument, height: Int) {
        scroll = min(max(0, scroll + delta), document.maxScroll(height: height))
    }
}
