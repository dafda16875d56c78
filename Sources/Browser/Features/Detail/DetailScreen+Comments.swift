import Foundation
import StackExchange

/// The open question's comments: shown or hidden by `c`, fetched from the question's own site the first time, and
/// for answers loaded later while they show.
extension DetailScreen {
    /// Shows or hides the comments of the open question; the first time they are shown they are fetched.
    mutating func toggleComments(in context: inout ScreenContext) -> [BrowserEffect] {
        guard var detail, detail.loaded != nil else { return [] }
        guard context.features.comments else {
            context.say(warning: "no comments offline")
            return []
        }
        if detail.comments.isShown {
            detail.comments.isShown = false
            // Hiding them stops any fetch in flight; a first fetch starts over the next time.
            self.detail = detail
            return context.ledger.cancelAll(for: .comments)
        }
        detail.comments.isShown = true
        switch detail.comments.phase {
        case .loaded:
            self.detail = detail
            return fetchCommentsOfNewAnswers(in: &context)
        case .notLoaded, .failed:
            self.detail = detail
            return context.ledger.cancelAll(for: .comments) + requestComments(postIDs: Self.postIDs(of: detail), in: &context)
        }
    }

    /// The question's and every loaded answer's post ids.
    static func postIDs(of detail: DetailState) -> [Int] {
        guard let loaded = detail.loaded else { return [] }
        return [loaded.question.questionID] + loaded.answers.map(\.answerID)
    }

    /// One comments request for `postIDs` of the open question, on its site.
    mutating func requestComments(postIDs: [Int], in context: inout ScreenContext) -> [BrowserEffect] {
        guard let detail, !postIDs.isEmpty else { return [] }
        let request = BrowserRequest.comments(site: detail.site, questionID: detail.questionID, postIDs: postIDs)
        return context.ledger.issue(request, lane: .user, purpose: .comments, at: context.now).effects
    }

    /// Applies the comments of the posts asked for.
    mutating func receiveComments(
        _ result: Result<Page<PostComment>, APIError>, entry: RequestLedger.Entry, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard let asked = entry.request.as(BrowserRequest.Comments.self), var detail,
              detail.questionID == asked.questionID, detail.site == asked.siteName
        else { return [] }
        switch result {
        case .success(let page):
            detail.comments.receive(page.items, for: asked.postIDs)
            if let quota = page.quotaRemaining { context.status.quotaRemaining = quota }
            context.lastError = nil
        case .failure(let error):
            // A failed first fetch is tried again by the next `c`; a failed fetch of later answers' comments
            // leaves those loaded so far in place.
            if !detail.comments.isLoaded { detail.comments.phase = .failed(error.message) }
            context.lastError = error.message
        }
        self.detail = detail
        return []
    }

    /// When the comments' first fetch was sent, while it is in flight: the status bar's spinner.
    func commentsLoadingSince(ledger: RequestLedger) -> Date? {
        guard let comments = detail?.comments, comments.isShown, !comments.isLoaded else { return nil }
        return ledger.awaitingSince(.comments)
    }

    /// Fetches the comments of answers loaded after the comments were (answers past the first hundred), while
    /// the comments are shown; called when such a page of answers arrives and when the comments are shown again.
    mutating func fetchCommentsOfNewAnswers(in context: inout ScreenContext) -> [BrowserEffect] {
        guard !context.ledger.isAwaiting(.comments), context.features.comments, let detail,
              detail.comments.isShown, case .loaded = detail.comments.phase
        else { return [] }
        return requestComments(postIDs: Self.postIDs(of: detail).filter { !detail.comments.fetchedPostIDs.contains($0) }, in: &context)
    }
}
