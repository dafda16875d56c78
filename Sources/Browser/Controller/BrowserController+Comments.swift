import Operations
import StackExchange

extension BrowserController {
    /// Shows or hides the comments of the open question; the first time they are shown they are fetched.
    func toggleComments() {
        guard var detail = state.detail, case .loaded(let loaded, _, _) = detail.phase else { return }
        guard let commentSource else {
            state.notice = "no comments offline"
            return
        }
        if detail.comments.isShown {
            detail.comments.isShown = false
            // Hiding them stops any fetch in flight; a first fetch starts over the next time.
            cancelCommentsRequest()
            if detail.comments.isLoading { detail.comments.phase = .notLoaded }
            detail.invalidateLayout()
            state.detail = detail
            return
        }
        detail.comments.isShown = true
        switch detail.comments.phase {
        case .loaded:
            detail.invalidateLayout()
            state.detail = detail
            fetchCommentsOfNewAnswers()
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
                self?.receiveComments(result, postIDs: postIDs, questionID: questionID, generation: generation)
            }
            if generation == commentsGeneration, state.detail?.comments.isLoading == true { commentsRequest = request }
        }
    }

    /// Applies the comments of `postIDs`, unless the question was left, reloaded or the comments hidden since they
    /// were asked for.
    func receiveComments(_ result: Result<Page<PostComment>, APIError>, postIDs: [Int], questionID: Int, generation: Int) {
        guard generation == commentsGeneration, var detail = state.detail, detail.questionID == questionID else { return }
        commentsRequest = nil
        commentsGeneration += 1
        switch result {
        case .success(let page):
            detail.comments.receive(page.items, for: postIDs)
            if let quota = page.quotaRemaining { state.quotaRemaining = quota }
            state.lastError = nil
        case .failure(let error):
            // A failed first fetch is tried again by the next `c`; a failed fetch of later answers' comments
            // leaves those loaded so far in place.
            if detail.comments.isLoading { detail.comments.phase = .failed(error.message) }
            state.lastError = error.message
        }
        detail.invalidateLayout()
        state.detail = detail
        changed()
    }

    /// Fetches the comments of answers loaded after the comments were (answers past the first hundred), while
    /// the comments are shown; called when such a page of answers arrives and when the comments are shown again.
    func fetchCommentsOfNewAnswers() {
        guard commentsRequest == nil, let commentSource, let detail = state.detail, detail.comments.isShown,
            case .loaded = detail.comments.phase, case .loaded(let loaded, _, _) = detail.phase
        else { return }
        let postIDs = ([loaded.question.questionID] + loaded.answers.map(\.answerID))
            .filter { !detail.comments.fetchedPostIDs.contains($0) }
        guard !postIDs.isEmpty else { return }
        let generation = commentsGeneration
        let questionID = detail.questionID
        let request = commentSource.comments(postIDs: postIDs, site: state.list.query.site, priority: .user) {
            [weak self] result in
            self?.receiveComments(result, postIDs: postIDs, questionID: questionID, generation: generation)
        }
        if generation == commentsGeneration { commentsRequest = request }
    }

    /// Cancels the comments request in flight and makes any completion still on its way stale.
    func cancelCommentsRequest() {
        commentsRequest?.cancel()
        commentsRequest = nil
        commentsGeneration += 1
    }
}
