import StackExchange

extension BrowserController {
    /// Asks for the next page of answers when the detail is scrolled within a screen of its end and the API
    /// has more; one page at a time, and not again after a failure until the detail is reopened or reloaded.
    func loadMoreAnswersIfNeeded() {
        guard answersRequest == nil, !isAnswerPagingBlocked, var detail = state.detail,
            case .loaded(let loaded, _, _) = detail.phase, loaded.answersHaveMore
        else { return }
        let lineCount = detail.document(width: lastWidth, now: clock())?.lines.count ?? 0
        state.detail = detail
        guard detail.scroll + 2 * lastBodyHeight >= lineCount else { return }
        let page = loaded.answerPagesLoaded + 1
        let questionID = detail.questionID
        let generation = answersGeneration
        let request = details.answers(
            questionID: questionID, site: state.list.query.site, page: page, priority: .user
        ) { [weak self] result in
            self?.receiveAnswers(result, page: page, questionID: questionID, generation: generation)
        }
        if generation == answersGeneration { answersRequest = request }
    }

    /// Appends an answers page to the open detail, unless the detail was left or reloaded since it was asked for.
    func receiveAnswers(_ result: Result<Page<Answer>, APIError>, page: Int, questionID: Int, generation: Int) {
        guard generation == answersGeneration, var detail = state.detail, detail.questionID == questionID,
            case .loaded(var loaded, _, _) = detail.phase
        else { return }
        answersRequest = nil
        answersGeneration += 1
        switch result {
        case .success(let received):
            guard loaded.append(received, number: page) else { return }
            // The layout is made again for the longer document; the scroll position stays.
            detail.phase = .loaded(loaded, layout: nil, width: 0)
            state.detail = detail
            if let quota = received.quotaRemaining { state.quotaRemaining = quota }
            fetchCommentsOfNewAnswers()
        case .failure(.cancelled):
            return
        case .failure(let error):
            isAnswerPagingBlocked = true
            state.lastError = error.message
            noteAPIFailure(error)
        }
        changed()
        loadMoreAnswersIfNeeded()
    }

    /// Cancels the answers page in flight and makes any completion still on its way stale.
    func cancelAnswersRequest() {
        answersRequest?.cancel()
        answersRequest = nil
        answersGeneration += 1
        isAnswerPagingBlocked = false
    }
}
