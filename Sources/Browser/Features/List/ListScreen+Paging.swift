import Foundation
import StackExchange
import StorePorts

/// The list's pages: what the paging machine decides, carried out through the context's ledger.
extension ListScreen {
    /// What `n` (or Down on the last row) says when the site has no more pages.
    static let endOfListNotice = "the end of the list: no more questions"
    /// What a page past the 25 the API serves without a key says: stackterm's limit, not a server failure.
    static let pageLimitNotice = "25 pages is the limit without an app key (README: keys)"
    /// What `s` says on a search of the store, which has one order.
    static let storeSearchSortNotice = "a store search is ranked by how well each question matches"

    /// Loads the next page if there is one and nothing is in flight.
    mutating func loadNextPage(in context: inout ScreenContext) -> [BrowserEffect] {
        list.loadDue = nil
        if !list.hasMore, list.loadedPages > 0, !list.isLoading(in: context.ledger) {
            context.say(warning: Self.endOfListNotice)
            return []
        }
        return carryOut(list.paging.loadRequested(inFlight(in: context)), in: &context)
    }

    /// Sends the request for `page` of the current query on the user lane.
    mutating func loadPage(_ page: Int, in context: inout ScreenContext) -> [BrowserEffect] {
        list.loadDue = nil
        return carryOut(list.paging.loadRequested(page: page, inFlight(in: context)), in: &context)
    }

    /// Drops the rows and loads page 1 of `query` (or of the current query).
    mutating func reload(query: QuestionsQuery? = nil, in context: inout ScreenContext) -> [BrowserEffect] {
        carryOut(list.reset(query: query, in: context.ledger), in: &context) + loadPage(1, in: &context)
    }

    /// `r` on the list: page 1 again, unless exactly that is in flight (it is kept) or was answered under
    /// `RequestLedger.reloadWindow` ago (the screen already shows it): a held `r` costs at most one request
    /// per window, never one per key repeat.
    mutating func reloadList(in context: inout ScreenContext) -> [BrowserEffect] {
        let request = BrowserRequest.questions(list.query, page: 1)
        if context.ledger.inFlight(request, for: .listPage(page: 1))?.lane == .user { return [] }
        if list.loadedPages >= 1, context.ledger.wasAnsweredRecently(request, now: context.now) {
            context.notice = "up to date"
            return []
        }
        return reload(in: &context)
    }

    /// `s`: the next sort shows at once (its cached first page, when the store has one, comes with the load);
    /// the request waits `BrowserModel.sortDebounce`, so a held `s` fetches only the sort it stops on.
    mutating func cycleSort(in context: inout ScreenContext) -> [BrowserEffect] {
        var query = list.query
        if query.searchesStore {
            context.notice = Self.storeSearchSortNotice
            return []
        }
        // A search cycles only through the sorts /search/advanced knows, so the status bar never names a sort
        // the results are not in.
        query.sort = query.searchText == nil ? query.sort.next : query.sort.next(in: QuestionSort.searchSorts)
        let effects = carryOut(list.reset(query: query, in: context.ledger), in: &context)
        list.loadDue = context.now.addingTimeInterval(BrowserModel.sortDebounce)
        return effects + [.wake(after: BrowserModel.sortDebounce)]
    }

    /// Time passed: a debounced load that fell due is sent.
    mutating func tick(in context: inout ScreenContext) -> [BrowserEffect] {
        guard let due = list.loadDue, context.now >= due else { return [] }
        return loadPage(1, in: &context)
    }

    /// Stops what the list has in flight (the prefetch, the load) and any debounced load: the list waits as it is.
    mutating func stopLoading(in context: inout ScreenContext) -> [BrowserEffect] {
        list.loadDue = nil
        let prefetches = carryOut(list.paging.cancelPrefetch(inFlight(in: context)), in: &context)
        return prefetches + carryOut(list.paging.cancelled(inFlight(in: context)), in: &context)
    }

    /// A page arrived and was shown: the paging machine decides whether the next is due to fill the screen
    /// (`PagingMachine.pageShown`). The bookmarks are no paged list.
    mutating func fillScreen(rowsBefore: Int, page: Int, in context: inout ScreenContext) -> [BrowserEffect] {
        guard bookmarks == nil else { return [] }
        let rows = list.rows.count
        let actions = list.paging.pageShown(
            number: page, rowsAdded: rows - rowsBefore, rowsShown: rows, screenRows: Self.height(in: context),
            distance: context.prefetchDistance, inFlight(in: context))
        return carryOut(actions, in: &context)
    }

    /// Fetches the next page on the background lane when the selection nears the end of the list.
    ///
    /// If the person asks for that page before it arrives, the ledger joins their load to it and raises it to the
    /// user lane: one request, whose answer completes both.
    mutating func prefetchIfNeeded(in context: inout ScreenContext) -> [BrowserEffect] {
        let rowsBelow = list.rows.count - 1 - list.selection
        return carryOut(list.paging.selectionMoved(rowsBelow: rowsBelow, distance: context.prefetchDistance, inFlight(in: context)), in: &context)
    }

    /// What the context's ledger has in flight for the list, as the paging machine takes it.
    func inFlight(in context: ScreenContext) -> PagingMachine.InFlight {
        list.inFlight(in: context.ledger)
    }

    /// Carries out what the paging machine decided, through the ledger: nothing else decides about paging.
    mutating func carryOut(_ actions: [PagingMachine.Action], in context: inout ScreenContext) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for action in actions {
            switch action {
            case .send(let page, let lane):
                let query = list.query
                if lane == .user, isMergedSearch(query, page: page, in: context) {
                    effects += startMergedSearch(query, in: &context)
                    continue
                }
                if lane == .user { context.notice = nil }
                // The request goes out first: the store's read (at launch, its opening too) overlaps the network's wait.
                let issue = context.ledger.issue(
                    .questions(query, page: page), lane: lane, purpose: .listPage(page: page), at: context.now)
                effects += issue.effects
                // Stale-while-revalidate: the store's copy shows before the network answers.
                if lane == .user, context.features.listCache {
                    effects.append(.read(.cachedPage(query, page: page, for: issue.token)))
                }
            case .cancel(let page):
                effects += context.ledger.cancelAll(for: .listPage(page: page))
                if page == 1 { effects += cancelMergedSearch(in: &context) }
            case .show(let page, let number, _):
                // A merged search's rows keep their sites.
                if number == 1, let merged = list.merged { list.show(rows: merged.rows, number: 1) } else {
                    list.show(page, number: number)
                }
            case .say(let notice):
                context.say(warning: notice)
            }
        }
        return effects
    }

    /// The store's copy of a page the person asked for, while its request (`token`) is in flight.
    mutating func receiveCachedPage(
        _ cached: Cached<Page<Question>>?, page: Int, token: RequestToken, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard let cached, let entry = context.ledger.entries[token],
              entry.request == .questions(list.query, page: page)
        else {
            return []
        }
        return carryOut(list.paging.cacheHit(cached.value, number: page, fetchedAt: cached.fetchedAt, inFlight(in: context)), in: &context)
    }

    /// Turns a page's outcome into the paging machine's event: the person's load (or a prefetch they joined) on
    /// the user lane says what went wrong; a prefetch nobody asked for yet is quiet.
    mutating func receivePage(
        _ result: Result<Page<Question>, APIError>, entry: RequestLedger.Entry, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard let asked = entry.request.as(BrowserRequest.Questions.self), asked.query == list.query else { return [] }
        let page = asked.page
        switch (entry.lane, result) {
        case (.user, .success(let received)):
            let newRows = list.newQuestionCount(in: received, number: page)
            if let quota = received.quotaRemaining { context.status.quotaRemaining = quota }
            context.lastError = nil
            // A later page says what it brought (a page of repeats is said by the paging machine).
            if page > 1, let newRows, newRows > 0 { context.notice = "page \(page): \(newRows) more" }
            let rowsBefore = list.rows.count
            return carryOut(list.paging.pageArrived(
                received, number: page, lane: .user, newRows: newRows, inFlight(in: context)), in: &context)
                + fillScreen(rowsBefore: rowsBefore, page: page, in: &context)
        case (.user, .failure(.cancelled)):
            return carryOut(list.paging.cancelledByManager(), in: &context)
        case (_, .failure(let error)) where error.isOffline:
            // What the store showed stays; `r` tries again, and nothing retries by itself.
            return carryOut(list.paging.offline(lane: entry.lane), in: &context)
        case (.user, .failure(let error)) where error == RequestValidationError.pageNeedsKey(page).apiError:
            // Never sent: the limit is stackterm's to say, as a notice, not the API's error.
            context.say(warning: Self.pageLimitNotice)
            return carryOut(list.paging.failed(message: Self.pageLimitNotice), in: &context)
        case (.user, .failure(let error)) where page == 1 && Self.namesUnknownSite(error):
            // Retrying cannot help: the site is named, with the nearest names and the picker.
            return carryOut(list.paging.failed(message: error.message), in: &context) + sayUnknownSite(in: &context)
        case (.user, .failure(let error)):
            context.lastError = error.message
            context.noteAPIFailure(error)
            return carryOut(list.paging.failed(message: error.message), in: &context)
        case (.background, .success(let received)):
            if let quota = received.quotaRemaining { context.status.quotaRemaining = quota }
            let rowsBefore = list.rows.count
            return carryOut(list.paging.pageArrived(
                received, number: page, lane: .background, newRows: nil, inFlight(in: context)), in: &context)
                + fillScreen(rowsBefore: rowsBefore, page: page, in: &context)
        case (.background, .failure):
            // Nobody asked for this page yet: no error is shown, and the next `n` will ask again and show one.
            return carryOut(list.paging.prefetchFailed(), in: &context)
        }
    }
}
