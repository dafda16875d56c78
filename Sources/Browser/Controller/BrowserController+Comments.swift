import Operations
import StackExchange

extension BrowserController {
    /// Shows or hides the comments of the open question; the first time they are shown they are fetched.
    func toggleComments() {
        guard var detail = state.detail, case .loaded(let loaded, _, _) = detail.phase else { return }
        guard let commentSource else {
            state.notice = "no comments here"
            return
        }
        if detail.comments.isShown {
            detail.comments.isShown = false
            if detail.comments.isLoading {
                cancelCommentsRequest()
                detail.comments.phase = .notLoaded
            }
            detail.invalidateLayout()
            state.detail = detail
            return
        }
        detail.comments.isShown = true
        switch detail.comments.phase {
        case .loaded:
            detail.invalidateLayout()
            state.detail = detail
        case .loading:
            state.detail = detail
        case .notLoaded, .failed:
            cancelCommentsRequest()
            detail.comments.phase = .loading(startedAt: clock())
            state.detail = detail
            let generation = commentsGeneration
            let questionID = detail.questionID
            let postIDs = [loaded.question.questionID] + loaded.answers.map(\.answerID)
            let request = commentSource.comments(postIDs: postIDs, site: state.list.query.site, priority: .user) {
                [weak self] result in
                self?.receiveComments(result, questionID: questionID, generation: generation)
            }
            if generation == commentsGeneration, state.detail?.comments.isLoading == true { commentsRequest = request }
        }
    }

    /// Applies the comments, unless the question was left, reloaded or the comments hidden since they were asked for.
    func receiveComments(_ result: Result<Page<PostComment>, APIError>, questionID: Int, generation: Int) {
        guard generation == commentsGeneration, var detail = state.detail, detail.questionID == questionID,
            detail.comments.isLoading
        else { return }
        commentsRequest = nil
        commentsGeneration += 1
        switch result {
        case .success(let page):
            detail.comments.receive(page.items)
            if let quota = page.quotaRemaining { state.quotaRemaining = quota }
            state.lastError = nil
        case .failure(let error):
            detail.comments.phase = .failed(error.message)
            state.lastError = error.message
        }
        detail.invalidateLayout()
        state.detail = detail
        changed()
    }

    /// Cancels the comments request in flight and makes any completion still on its way stale.
    func cancelCommentsRequest() {
        commentsRequest?.cancel()
        commentsRequest = nil
        commentsGeneration += 1
    }
}
