import Foundation
import StackExchange
import StorePorts

extension BrowserModel {
    /// Loads the next page if there is one and nothing is in flight.
    mutating func loadNextPage() -> [BrowserEffect] {
        state.list.loadDue = nil
        if !state.list.hasMore, state.list.loadedPages > 0, !state.list.isLoading {
            state.say(warning: Self.endOfListNotice)
            return []
        }
        return carryOut(state.list.paging.loadRequested(at: now))
    }

    /// What `n` (or Down on the last row) says when the site has no more pages.
    static let endOfListNotice = "the end of the list: no more questions"
    /// What a page past the 25 the API serves without a key says: stackterm's limit, not a server failure.
    static let pageLimitNotice = "25 pages is the limit without an app key (README: keys)"

    /// Sends the request for `page` of the current query on the user lane.
    mutating func loadListPage(_ page: Int) -> [BrowserEffect] {
        state.list.loadDue = nil
        return carryOut(state.list.paging.loadRequested(page: page, at: now))
    }

    /// Drops the rows and loads page 1 of `query` (or of the current query).
    mutating func reload(query: QuestionsQuery? = nil) -> [BrowserEffect] {
        carryOut(state.list.reset(query: query)) + loadListPage(1)
    }

    /// `r` on the list: page 1 again, unless exactly that is in flight (it is kept) or was answered under
    /// `RequestLedger.reloadWindow` ago (the screen already shows it): a held `r` costs at most one request
    /// per window, never one per key repeat.
    mutating func reloadList() -> [BrowserEffect] {
        let request = BrowserRequest.questions(state.list.query, page: 1)
        if state.list.phase.loadingPage == 1, ledger.inFlight(request, for: .listPage)?.lane == .user { return [] }
        if state.list.loadedPages >= 1, ledger.wasAnsweredRecently(request, now: now) {
            state.notice = "up to date"
            return []
        }
        return reload()
    }

    /// `s`: the next sort shows at once (its cached first page, when the store has one, comes with the load);
    /// the request waits `sortDebounce`, so a held `s` fetches only the sort it stops on.
    mutating func cycleSort() -> [BrowserEffect] {
        var query = state.list.query
        if query.searchesStore {
            state.notice = Self.storeSearchSortNotice
            return []
        }
        // A search cycles only through the sorts /search/advanced knows, so the status bar never names a sort
        // the results are not in.
        query.sort = query.searchText == nil ? query.sort.next : query.sort.next(in: QuestionSort.searchSorts)
        let effects = carryOut(state.list.reset(query: query))
        state.list.loadDue = now.addingTimeInterval(Self.sortDebounce)
        return effects + [.wake(after: Self.sortDebounce)]
    }

    /// What `s` says on a search of the store, which has one order.
    static let storeSearchSortNotice = "a store search is ranked by how well each question matches"

    /// Fetches the next page at once (on the background lane, shown when it comes) while the rows leave some of the
    /// list's screen rows empty and more exist: at 40 rows a first page of 30 would leave 9 blank (issue 26). It is
    /// a prefetch, and off with prefetching (`prefetchDistance` 0).
    /// Only a page that brought new rows asks for another: pages of repeats (the live list moving, or a stub) would
    /// otherwise ask forever.
    /// (Page 1 may replace the store's copy of itself and bring no new row, and still asks.)
    mutating func fillScreen(rowsBefore: Int, page: Int) -> [BrowserEffect] {
        guard prefetchDistance > 0, page == 1 || state.list.rows.count > rowsBefore, state.bookmarks == nil, state.list.rows.count < listHeight else { return [] }
        return carryOut(state.list.paging.selectionMoved(rowsBelow: 0, distance: 1))
    }

    /// Fetches the next page on the background lane when the selection nears the end of the list.
    ///
    /// If the person asks for that page before it arrives, the ledger joins their load to it and raises it to the
    /// user lane: one request, whose answer completes both.
    mutating func prefetchIfNeeded() -> [BrowserEffect] {
        let rowsBelow = state.list.rows.count - 1 - state.list.selection
        return carryOut(state.list.paging.selectionMoved(rowsBelow: rowsBelow, distance: prefetchDistance))
    }

    /// Carries out what the paging machine decided, through the ledger: the model decides nothing else about paging.
    mutating func carryOut(_ actions: [PagingMachine.Action]) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for action in actions {
            switch action {
            case .send(let page, let lane):
                let query = state.list.query
                if lane == .user, isMergedSearch(query, page: page) {
                    effects += startMergedSearch(query)
                    continue
                }
                if lane == .user { state.notice = nil }
                // The request goes out first: the store's read (at launch, its opening too) overlaps the network's wait.
                let issue = ledger.issue(.questions(query, page: page), lane: lane, purpose: .listPage, at: now)
                effects += issue.effects
                // Stale-while-revalidate: the store's copy shows before the network answers.
                if lane == .user, features.listCache { effects.append(.read(.cachedPage(query, page: page, for: issue.token))) }
            case .cancel(let page):
                for entry in ledger.entries.values.sorted(by: { $0.token.value < $1.token.value }) where entry.purpose == .listPage {
                    if case .questions(_, page) = entry.request { effects += ledger.cancel(entry.token) }
                }
                if page == 1 { effects += cancelMergedSearch() }
            case .show(let page, let number, _):
                // A merged search's rows keep their sites.
                if number == 1, let merged = state.list.merged { state.list.show(rows: merged.rows, number: 1) } else {
                    state.list.show(page, number: number)
                }
            case .say(let notice):
                state.say(warning: notice)
            }
        }
        return effects
    }

    /// The store's copy of a page the person asked for, while its request (`token`) is in flight.
    mutating func receiveCachedPage(_ cached: Cached<Page<Question>>?, page: Int, token: RequestToken) -> [BrowserEffect] {
        guard let cached, let entry = ledger.entries[token], case .questions(state.list.query, page) = entry.request else {
            return []
        }
        return carryOut(state.list.paging.cacheHit(cached.value, number: page, fetchedAt: cached.fetchedAt))
    }

    /// Turns a page's outcome into the paging machine's event: the person's load (or a prefetch they joined) on
    /// the user lane says what went wrong; a prefetch nobody asked for yet is quiet.
    mutating func receivePage(_ result: Result<Page<Question>, APIError>, entry: RequestLedger.Entry) -> [BrowserEffect] {
        guard case .questions(let query, let page) = entry.request, query == state.list.query else { return [] }
        switch (entry.lane, result) {
        case (.user, .success(let received)):
            let newRows = state.list.newQuestionCount(in: received, number: page)
            if let quota = received.quotaRemaining { state.quotaRemaining = quota }
            state.lastError = nil
            // A later page says what it brought (a page of repeats is said by the paging machine).
            if page > 1, let newRows, newRows > 0 { state.notice = "page \(page): \(newRows) more" }
            let rowsBefore = state.list.rows.count
            return carryOut(state.list.paging.pageArrived(received, number: page, newRows: newRows, at: now))
                + fillScreen(rowsBefore: rowsBefore, page: page)
        case (.user, .failure(.cancelled)):
            return carryOut(state.list.paging.cancelledByManager(page: page))
        case (_, .failure(let error)) where error.isOffline:
            // What the store showed stays; `r` tries again, and nothing retries by itself.
            return carryOut(state.list.paging.offline(page: page))
        case (.user, .failure(let error)) where error == RequestValidationError.pageNeedsKey(page).apiError:
            // Never sent: the limit is stackterm's to say, as a notice, not the API's error.
            state.say(warning: Self.pageLimitNotice)
            return carryOut(state.list.paging.failed(page: page, message: Self.pageLimitNotice))
        case (.user, .failure(let error)) where page == 1 && Self.namesUnknownSite(error):
            // Retrying cannot help: the site is named, with the nearest names and the picker (issue 26).
            return carryOut(state.list.paging.failed(page: page, message: error.message)) + sayUnknownSite()
        case (.user, .failure(let error)):
            state.lastError = error.message
            noteAPIFailure(error)
            return carryOut(state.list.paging.failed(page: page, message: error.message))
        case (.background, .success(let received)):
            if let quota = received.quotaRemaining { state.quotaRemaining = quota }
            let rowsBefore = state.list.rows.count
            return carryOut(state.list.paging.pageArrived(received, number: page, newRows: nil, at: now))
                + fillScreen(rowsBefore: rowsBefore, page: page)
        case (.background, .failure):
            // Nobody asked for this page yet: no error is shown, and the next `n` will ask again and show one.
            return carryOut(state.list.paging.prefetchFailed(page: page))
        }
    }
}
