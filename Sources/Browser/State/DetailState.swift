public import Foundation
public import StackExchange
import Synchronization

/// The question detail screen as a value: which question on which site, what has loaded, and how far it is scrolled.
public struct DetailState {
    /// Loading, loaded, or failed: what the screen can show.
    public enum Phase {
        case loading(startedAt: Date)
        case loaded(QuestionDetail)
        case failed(String)
    }

    /// The row of the list the detail was opened from: its title shows while the body loads.
    public var question: Question
    /// The site the question is on (a bookmark's own site): every request about it goes there.
    public let site: String
    public private(set) var phase: Phase
    /// The question's life (cached, revalidating, live, offline) and its answer paging.
    public var machine: DetailMachine
    /// The first document line shown.
    public var scroll = 0
    /// The comments under the posts: shown or not, fetched or not.
    public var comments = CommentsState() { didSet { revision = Self.nextRevision() } }
    /// The header line `J`/`K` moved to when the scroll could not bring it to the top (the document ends first):
    /// that post is current until the person scrolls.
    public var pinnedPostLine: Int?
    /// Find in page, while something is looked for.
    public var find: FindState?
    /// Names what the layout draws (the detail and the comments shown); a new value whenever either changes,
    /// so the layout memo never hands out a layout of other content.
    public private(set) var revision: Int

    public init(question: Question, site: String, startedAt: Date) {
        self.question = question
        self.site = site
        self.phase = .loading(startedAt: startedAt)
        self.machine = DetailMachine(startedAt: startedAt)
        self.revision = Self.nextRevision()
    }

    public var questionID: Int { question.questionID }

    public var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// True while a request refreshes a detail shown from the store.
    public var isRevalidating: Bool {
        if case .revalidating = machine.life { return true }
        return false
    }

    /// When the detail shown was fetched, when it came from the store.
    public var cachedAt: Date? { machine.cachedAt }

    /// The loaded detail, if any.
    public var loaded: QuestionDetail? {
        if case .loaded(let detail) = phase { return detail }
        return nil
    }

    /// Shows `detail` (from the store or the network).
    public mutating func show(_ detail: QuestionDetail) {
        phase = .loaded(detail)
        revision = Self.nextRevision()
    }

    /// Shows why nothing could be loaded.
    public mutating func fail(_ message: String) {
        phase = .failed(message)
    }

    /// Scrolls by `delta` lines within `document` shown `height` rows at a time (a row less under a sticky header).
    public mutating func scroll(by delta: Int, in document: DetailDocument, height: Int) {
        scroll = min(max(0, scroll + delta), document.maxScroll(height: height))
    }

    private static let revisions = Atomic<Int>(0)

    private static func nextRevision() -> Int {
        revisions.add(1, ordering: .relaxed).newValue
    }
}
