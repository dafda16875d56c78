import Foundation
import StackExchange

extension BrowserModel {
    /// Shows or hides the comments of the open question; the first time they are shown they are fetched, from
    /// the question's own site.
    mutating func toggleComments() -> [BrowserEffect] {
        guard var detail = state.detail, detail.loaded != nil else { return [] }
        guard features.comments else {
            state.say(warning: "no comments offline")
            return []
        }
        if detail.comments.isShown {
            detail.comments.isShown = false
            // Hiding them stops any fetch in flight; a first fetch starts over the next time.
            state.detail = detail
            return ledger.cancelAll(for: .comments)
        }
        detail.comments.isShown = true
        switch detail.comments.phase {
        case .loaded:
            state.detail = detail
            return fetchCommentsOfNewAnswers()
        case .notLoaded, .failed:
            state.detail = detail
            return ledger.cancelAll(for: .comments) + requestComments(postIDs: postIDs(of: detail))
        }
    }

    /// The question's and every loaded answer's post ids.
    func postIDs(of detail: DetailState) -> [Int] {
        guard let loaded = detail.loaded else { return [] }
        return [loaded.question.questionID] + loaded.answers.map(\.answerID)
    }

    /// One comments request for `postIDs` of the open question, on its site.
    mutating func requestComments(postIDs: [Int]) -> [BrowserEffect] {
        guard let detail = state.detail, !postIDs.isEmpty else { return [] }
        let request = BrowserRequest.comments(site: detail.site, questionID: detail.questionID, postIDs: postIDs)
        return ledger.issue(request, lane: .user, purpose: .comments, at: now).effects
    }

    /// Applies the comments of the posts asked for.
    mutating func receiveComments(_ result: Result<Page<PostComment>, APIError>, entry: RequestLedger.Entry) -> [BrowserEffect] {
        guard case .comments(let site, let id, let postIDs) = entry.request, var detail = state.detail,
              detail.questionID == id, detail.site == site
        else { return [] }
        switch result {
        case .success(let page):
            detail.comments.receive(page.items, for: postIDs)
            if let quota = page.quotaRemaining { state.quotaRemaining = quota }
            state.lastError = nil
        case .failure(let error):
            // A failed first fetch is tried again by the next `c`; a failed fetch of later answers' comments
            // leaves those loaded so far in place.
            if !detail.comments.isLoaded { detail.comments.phase = .failed(error.message) }
            state.lastError = error.message
        }
        state.detail = detail
        return []
    }

    /// When the comments' first fetch was sent, while it is in flight: the status bar's spinner.
    var commentsLoadingSince: Date? {
        guard let comments = state.detail?.comments, comments.isShown, !comments.isLoaded else { return nil }
        return ledger.awaitingSince(.comments)
    }

    /// Fetches the comments of answers loaded after the comments were (answers past the first hundred), while
    /// the comments are shown; called when such a page of answers arrives and when the comments are shown again.
    mutating func fetchCommentsOfNewAnswers() -> [BrowserEffect] {
        guard !ledger.isAwaiting(.comments), features.comments, let detail = state.detail,
              detail.comments.isShown, case .loaded = detail.comments.phase
        else { return [] }
        return requestComments(postIDs: postIDs(of: detail).filter { !detail.comments.fetchedPostIDs.contains($0) })
    }
}
