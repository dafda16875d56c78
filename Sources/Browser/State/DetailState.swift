public import Foundation
public import StackExchange

/// The question detail screen as a value: which question, whether it has loaded, and how far it is scrolled.
public struct DetailState {
    /// Loading, loaded (with the layout for the last width drawn), or failed.
    public enum Phase {
        case loading(startedAt: Date)
        case loaded(QuestionDetail, layout: DetailDocument?, width: Int)
        case failed(String)
    }

    /// The row of the list the detail was opened from: its title shows while the body loads.
    public var question: Question
    public var phase: Phase
    /// The first document line shown.
    public var scroll = 0
    /// When the detail shown was fetched, when it came from the store.
    public var cachedAt: Date?
    /// True while a request refreshes a detail shown from the store.
    public var isRevalidating = false
    /// The comments under the posts: shown or not, fetched or not.
    public var comments = CommentsState()
    /// Find in page, while something is looked for.
    public var find: FindState?

    public init(question: Question, startedAt: Date) {
        self.question = question
        self.phase = .loading(startedAt: startedAt)
    }

    public var questionID: Int { question.questionID }

    public var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// The document laid out for `width`, laying it out again only when the width changed.
    public mutating func document(width: Int, now: Date) -> DetailDocument? {
        guard case .loaded(let detail, let layout, let laidOutWidth) = phase else { return nil }
        if let layout, laidOutWidth == width { return layout }
        let fresh = DetailLayout.layout(detail, comments: comments.visible, width: width, now: now)
        phase = .loaded(detail, layout: fresh, width: width)
        return fresh
    }

    /// Scrolls by `delta` lines within a document of `lineCount` lines shown `height` at a time.
    public mutating func scroll(by delta: Int, lineCount: Int, height: Int) {
        scroll = min(max(0, scroll + delta), max(0, lineCount - max(1, height)))
    }
}
