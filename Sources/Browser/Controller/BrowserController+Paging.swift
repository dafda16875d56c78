import StackExchange

extension BrowserController {
    /// The status-bar note after Esc cancelled a load.
    static let cancelledNotice = "load cancelled — n or r retries"

    /// Loads the next page if there is one and nothing is in flight.
    func loadNextPage() {
        guard let page = state.list.nextPage else { return }
        loadListPage(page)
    }

    /// Sends the request for `page` of the current query on the user queue.
    func loadListPage(_ page: Int) {
        cancelListRequest()
        let generation = listGeneration
        state.notice = nil
        state.list.startLoading(page: page, at: clock())
        let request = questions.questions(state.list.query, page: page, priority: .user) { [weak self] result in
            self?.receiveListPage(result, page: page, generation: generation)
        }
        // A data manager that answered synchronously has already finished; keep no handle to it.
        if generation == listGeneration, state.list.phase.loadingPage == page { listRequest = request }
    }

    /// Applies a page's outcome, unless the load was cancelled or replaced since it was sent.
    func receiveListPage(_ result: Result<Page<Question>, APIError>, page: Int, generation: Int) {
        guard generation == listGeneration, state.list.phase.loadingPage == page else { return }
        listRequest = nil
        listGeneration += 1
        switch result {
        case .success(let received):
            if state.list.prefetchingPage == page { cancelPrefetch() }
            state.list.receive(received, number: page)
            if let quota = received.quotaRemaining { state.quotaRemaining = quota }
            state.lastError = nil
        case .failure(.cancelled):
            state.list.cancelLoad()
            state.notice = Self.cancelledNotice
        case .failure(let error):
            state.list.fail(error.message)
            state.lastError = error.message
            noteAPIFailure(error)
        }
        changed()
    }

    /// Esc during a load: cancels the request, keeps the rows, and says how to retry.
    func cancelListLoad() {
        guard state.list.isLoading else { return }
        cancelPrefetch()
        cancelListRequest()
        state.list.cancelLoad()
        state.notice = Self.cancelledNotice
    }

    /// Drops the rows and loads page 1 of `query` (or of the current query).
    func reload(query: QuestionsQuery? = nil) {
        cancelPrefetch()
        cancelListRequest()
        state.list.reset(query: query)
        loadListPage(1)
    }

    /// Cancels the list request in flight and makes any completion still on its way stale.
    func cancelListRequest() {
        listRequest?.cancel()
        listRequest = nil
        listGeneration += 1
    }
}
