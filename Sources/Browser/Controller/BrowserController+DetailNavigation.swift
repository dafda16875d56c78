import StackExchange

extension BrowserController {
    /// What each action does on the detail screen: the movement keys scroll, the back keys return to the list.
    func performInDetail(_ action: Action) {
        guard var detail = state.detail else { return }
        let lineCount = detail.document(width: lastWidth, now: clock())?.lines.count ?? 0
        let page = max(1, lastBodyHeight - 1)
        switch action {
        case .moveUp: detail.scroll(by: -1, lineCount: lineCount, height: lastBodyHeight)
        case .moveDown: detail.scroll(by: 1, lineCount: lineCount, height: lastBodyHeight)
        case .pageUp: detail.scroll(by: -page, lineCount: lineCount, height: lastBodyHeight)
        case .pageDown: detail.scroll(by: page, lineCount: lineCount, height: lastBodyHeight)
        case .first: detail.scroll = 0
        case .last: detail.scroll(by: lineCount, lineCount: lineCount, height: lastBodyHeight)
        case .escape where detail.find != nil:
            detail.find = nil
        case .back, .escape, .quit:
            closeDetail()
            return
        case .reload:
            state.detail = detail
            openDetail(detail.question, revalidate: true)
            return
        case .openInBrowser:
            openInBrowser(detail.question)
        case .toggleHelp:
            state.isHelpVisible.toggle()
        case .copyLink:
            copyLink()
        case .copyCode:
            copyCode()
        case .bookmark:
            toggleBookmark(detail.question)
        case .toggleRead:
            toggleRead(detail.question)
        case .comments:
            state.detail = detail
            toggleComments()
            return
        case .search, .find:
            state.detail = detail
            openFindPrompt()
            return
        case .nextPage, .findNext:
            moveToMatch(&detail, forward: true)
        case .findPrevious:
            moveToMatch(&detail, forward: false)
        case .open, .cycleSort, .filterTag, .sites, .bookmarks:
            break
        }
        state.detail = detail
        loadMoreAnswersIfNeeded()
    }

    /// Opens the selected question (or `question`): from the store at once when it was seen before, and
    /// requests its body and answers on the user queue unless the stored copy is fresh (or `revalidate`).
    func openDetail(_ question: Question? = nil, revalidate: Bool = false) {
        guard let question = question ?? state.list.selectedQuestion else { return }
        cancelDetailRequest()
        cancelAnswersRequest()
        let generation = detailGeneration
        let id = question.questionID
        let site = site(of: question)
        personal?.setRead(true, site: site, questionID: id)
        var detail = DetailState(question: question, startedAt: clock())
        if let cached = detailCache?.cachedDetail(questionID: id, site: site) {
            detail.phase = .loaded(cached.value, layout: nil, width: 0)
            detail.cachedAt = cached.fetchedAt
            if let previous = state.detail, previous.questionID == id { detail.scroll = previous.scroll }
            let isFresh = clock().timeIntervalSince(cached.fetchedAt) < configuration.detailFreshness
            if isFresh, !revalidate {
                state.detail = detail
                return
            }
            detail.isRevalidating = true
        }
        state.detail = detail
        let request = details.detail(questionID: id, site: site, priority: .user) { [weak self] result in
            self?.receiveDetail(result, questionID: id, generation: generation)
        }
        let stillWaiting = state.detail?.isLoading == true || state.detail?.isRevalidating == true
        if generation == detailGeneration, stillWaiting { detailRequest = request }
    }

    /// Applies the detail's outcome, unless the detail was left or reopened since it was requested.
    ///
    /// A stored copy being revalidated stays on screen when the request fails (offline says so).
    func receiveDetail(_ result: Result<QuestionDetail, APIError>, questionID: Int, generation: Int) {
        guard generation == detailGeneration, var detail = state.detail, detail.questionID == questionID,
            detail.isLoading || detail.isRevalidating
        else { return }
        detailRequest = nil
        detailGeneration += 1
        let wasRevalidating = detail.isRevalidating
        detail.isRevalidating = false
        switch result {
        case .success(let loaded):
            detail.phase = .loaded(loaded, layout: nil, width: 0)
            detail.cachedAt = nil
            if let quota = loaded.quotaRemaining { state.quotaRemaining = quota }
            state.lastError = nil
            state.isOffline = false
        case .failure(let error) where error.isOffline:
            state.isOffline = true
            if !wasRevalidating { detail.phase = .failed("offline — r retries") }
        case .failure(let error):
            if !wasRevalidating { detail.phase = .failed(error.message) }
            state.lastError = error.message
            noteAPIFailure(error)
        }
        state.detail = detail
        changed()
        loadMoreAnswersIfNeeded()
    }

    /// Returns to the list with its selection as it was, cancelling the detail's request if it has not loaded.
    func closeDetail() {
        cancelDetailRequest()
        cancelAnswersRequest()
        state.detail = nil
    }

    /// Cancels the detail request in flight and makes any completion still on its way stale.
    func cancelDetailRequest() {
        cancelCommentsRequest()
        detailRequest?.cancel()
        detailRequest = nil
        detailGeneration += 1
    }
}
