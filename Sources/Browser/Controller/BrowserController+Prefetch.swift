import StackExchange

extension BrowserController {
    /// Fetches the next page on the background queue when the selection nears the end of the list.
    ///
    /// If the person asks for that page before it arrives, the controller sends the same request
    /// on the user queue (the data manager coalesces the two); whichever completes first appends
    /// the page, and `ListState` refuses the second.
    func prefetchIfNeeded() {
        guard let page = state.list.pageToPrefetch(distance: prefetchDistance) else { return }
        cancelPrefetch()
        let generation = prefetchGeneration
        state.list.startPrefetch(page: page)
        let request = questions.questions(state.list.query, page: page, priority: .background) { [weak self] result in
            self?.receivePrefetch(result, page: page, generation: generation)
        }
        if generation == prefetchGeneration, state.list.prefetchingPage == page { prefetchRequest = request }
    }

    /// Appends a prefetched page, unless it was cancelled or the page already came another way.
    func receivePrefetch(_ result: Result<Page<Question>, APIError>, page: Int, generation: Int) {
        guard generation == prefetchGeneration, state.list.prefetchingPage == page else { return }
        prefetchRequest = nil
        prefetchGeneration += 1
        switch result {
        case .success(let received):
            let personWasWaiting = state.list.phase.loadingPage == page
            guard state.list.receivePrefetched(received, number: page) else { return }
            if let quota = received.quotaRemaining { state.quotaRemaining = quota }
            if personWasWaiting {
                // The user-queue copy of this request is now redundant.
                cancelListRequest()
                state.lastError = nil
            }
        case .failure:
            // Nobody asked for this page yet: no error is shown, and the next `n` will ask again and show one.
            state.list.failPrefetch()
        }
        changed()
    }

    /// Cancels the prefetch in flight and makes any completion still on its way stale.
    func cancelPrefetch() {
        prefetchRequest?.cancel()
        prefetchRequest = nil
        prefetchGeneration += 1
        state.list.dropPrefetch()
    }
}
