import Foundation
import StackExchange

/// A search over several sites (`MergedSearch`): page 1 of a search when the configuration names more than one site
/// (`BrowserConfiguration.searchSites`). The paging machine sees one load of page 1 as ever; for it the model sends
/// one request per site on the user lane (`RequestPurpose.mergedSearch`), shows each site's rows as they arrive, and
/// hands the machine the merged page once every site has answered. Esc (the machine's cancel of page 1) cancels every
/// site still out.
extension BrowserModel {
    /// True when page `page` of `query` is a merged search: a search of the API (a store search covers every site
    /// the store holds by itself), page 1, and several sites configured.
    func isMergedSearch(_ query: QuestionsQuery, page: Int) -> Bool {
        configuration.searchSites.count > 1 && query.searchText != nil && !query.searchesStore && page == 1
    }

    /// Sends each site's search; no cached copy is read (the store keeps one site's pages, not a merge).
    mutating func startMergedSearch(_ query: QuestionsQuery) -> [BrowserEffect] {
        let sites = configuration.searchSites
        state.list.merged = MergedSearch(sites: sites)
        state.notice = nil
        return sites.flatMap { site in
            ledger.issue(.questions(Self.query(query, on: site), page: 1), lane: .user, purpose: .mergedSearch(site: site), at: now)
                .effects
        }
    }

    /// `query` asked of `site`.
    static func query(_ query: QuestionsQuery, on site: String) -> QuestionsQuery {
        var siteQuery = query
        siteQuery.site = site
        return siteQuery
    }

    /// Cancels every site's search still in flight (Esc, a new query, quitting).
    mutating func cancelMergedSearch() -> [BrowserEffect] {
        let effects = ledger.cancelAll { purpose in
            if case .mergedSearch = purpose { return true }
            return false
        }
        guard !effects.isEmpty else { return [] }
        state.list.merged?.cancelRemaining()
        return effects
    }

    /// One site's answer: its rows join the list at once; the last answer settles the page.
    mutating func receiveMergedPage(
        _ result: Result<Page<Question>, APIError>, site: String, entry: RequestLedger.Entry
    ) -> [BrowserEffect] {
        // Only for the list's own search, while its page 1 is loading (a late answer changes nothing).
        guard case .questions(let query, 1) = entry.request, query == Self.query(state.list.query, on: site),
              state.list.phase.loadingPage == 1, state.list.merged != nil
        else { return [] }
        switch result {
        case .success(let page):
            if let quota = page.quotaRemaining { state.quotaRemaining = quota }
            state.list.merged?.arrived(page.items, site: site)
        case .failure(.throttled(let until)):
            state.list.merged?.ended(site: site, .throttled(until: until))
        case .failure(.cancelled):
            state.list.merged?.ended(site: site, .cancelled)
        case .failure(let error) where error.isThrottleViolation:
            state.list.merged?.ended(site: site, .throttled(until: now))
        case .failure(let error):
            state.list.merged?.ended(site: site, .failed(error.message))
        }
        guard let merged = state.list.merged else { return [] }
        // The rows so far show at once; the other sites' rows join them as they come. A selection still on the first
        // row stays there (the best results come first), one the person moved stays on its question.
        let atTop = state.list.selection == 0
        state.list.show(rows: merged.rows, number: 1)
        if atTop { state.list.selectFirst() }
        state.lastError = merged.problems(now: now)
        guard !merged.isLoading else { return [] }
        if merged.nothingArrived {
            return carryOut(state.list.paging.failed(page: 1, message: merged.problems(now: now) ?? "nothing found"))
        }
        // One page: the API's relevance order past each site's first page is not worth a request per site per `n`.
        let page = Page(items: merged.allQuestions, hasMore: false, quotaRemaining: state.quotaRemaining)
        return carryOut(state.list.paging.pageArrived(page, number: 1, newRows: nil, at: now))
    }
}
