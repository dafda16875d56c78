import StackExchange

extension BrowserController {
    /// The status-bar note after Esc cancelled a load.
    static let cancelledNotice = PagingMachine.cancelledNotice
    /// The status-bar note after two pages in a row repeated only rows already shown.
    static let duplicatePageNotice = PagingMachine.duplicatePageNotice

    /// Loads the next page if there is one and nothing is in flight.
    func loadNextPage() {
        carryOut(state.list.paging.loadRequested(at: clock()))
    }

    /// Sends the request for `page` of the current query on the user queue.
    func loadListPage(_ page: Int) {
        carryOut(state.list.paging.loadRequested(page: page, at: clock()))
    }

    /// Esc during a load: cancels the request and the prefetch, keeps the rows, and says how to retry.
    func cancelListLoad() {
        carryOut(state.list.paging.cancelled())
    }

    /// Drops the rows and loads page 1 of `query` (or of the current query).
    func reload(query: QuestionsQuery? = nil) {
        carryOut(state.list.reset(query: query))
        loadListPage(1)
    }

    /// Cancels the prefetch in flight, if any.
    func cancelPrefetch() {
        carryOut(state.list.paging.cancelPrefetch())
    }

    /// Fetches the next page on the background queue when the selection nears the end of the list.
    ///
    /// If the person asks for that page before it arrives, the same request goes on the user queue (the data
    /// manager coalesces the two); whichever completes first shows the page, and the machine drops the other.
    func prefetchIfNeeded() {
        let rowsBelow = state.list.rows.count - 1 - state.list.selection
        carryOut(state.list.paging.selectionMoved(rowsBelow: rowsBelow, distance: prefetchDistance))
    }

    /// Carries out what the paging machine decided: the controller itself decides nothing about paging.
    func carryOut(_ actions: [PagingMachine.Action]) {
        for action in actions {
            switch action {
            case .send(let page, let lane, let token):
                send(page: page, lane: lane, token: token)
            case .cancel(let token):
                listRequests.removeValue(forKey: token)?.cancel()
            case .show(let page, let number, _):
                state.list.show(page, number: number)
            case .say(let notice):
                state.notice = notice
            }
        }
    }

    /// Sends one page request; a person's request first shows the store's copy of the page (stale-while-revalidate).
    private func send(page: Int, lane: RequestPriority, token: PagingMachine.Token) {
        let query = state.list.query
        if lane == .user {
            state.notice = nil
            if let cached = questionCache?.cachedQuestions(query, page: page) {
                carryOut(state.list.paging.cacheHit(cached.value, number: page, fetchedAt: cached.fetchedAt))
            }
        }
        let request = questions.questions(query, page: page, priority: lane) { [weak self] result in
            self?.receive(result, page: page, lane: lane, token: token)
        }
        // A data manager that answered synchronously has already finished; keep no handle to it.
        if state.list.paging.isAwaiting(token) { listRequests[token] = request }
    }

    /// Turns a page's outcome into the machine's event, unless the request was cancelled or replaced since.
    func receive(_ result: Result<Page<Question>, APIError>, page: Int, lane: RequestPriority, token: PagingMachine.Token) {
        listRequests[token] = nil
        guard state.list.paging.isAwaiting(token) else { return }
        switch (lane, result) {
        case (.user, .success(let received)):
            let newRows = state.list.newQuestionCount(in: received, number: page)
            if let quota = received.quotaRemaining { state.quotaRemaining = quota }
            state.lastError = nil
            state.isOffline = false
            carryOut(state.list.paging.pageArrived(received, number: page, token: token, newRows: newRows, at: clock()))
        case (.user, .failure(.cancelled)):
            carryOut(state.list.paging.cancelledByManager(token: token))
        case (_, .failure(let error)) where error.isOffline:
            // What the store showed stays; `r` tries again, and nothing retries by itself.
            carryOut(state.list.paging.offline(token: token))
            state.isOffline = true
        case (.user, .failure(let error)):
            carryOut(state.list.paging.failed(token: token, message: error.message))
            state.lastError = error.message
            noteAPIFailure(error)
        case (.background, .success(let received)):
            let personWasWaiting = state.list.phase.loadingPage == page
            if let quota = received.quotaRemaining { state.quotaRemaining = quota }
            if personWasWaiting { state.lastError = nil }
            state.isOffline = false
            carryOut(state.list.paging.prefetchArrived(received, number: page, token: token))
        case (.background, .failure):
            // Nobody asked for this page yet: no error is shown, and the next `n` will ask again and show one.
            carryOut(state.list.paging.prefetchFailed(token: token))
        }
        // Damage or a full disk the store found after start is said once, when it is found.
        showLaterStoreNotices()
        changed()
    }
}
