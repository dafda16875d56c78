import Foundation
import StackExchange

/// A search over several sites (`MergedSearch`): page 1 of a search when the configuration names more than one site
/// (`BrowserConfiguration.searchSites`). The paging machine sees one load of page 1 as ever; for it the list sends
/// one request per site on the user lane (`RequestPurpose.mergedSearch`), shows each site's rows as they arrive, and
/// hands the machine the merged page once every site has answered. Esc (the machine's cancel of page 1) cancels every
/// site still out.
extension ListScreen {
    /// True when page `page` of `query` is a merged search: a search of the API (a store search covers every site
    /// the store holds by itself), page 1, and several sites configured.
    func isMergedSearch(_ query: QuestionsQuery, page: Int, in context: ScreenContext) -> Bool {
        context.configuration.searchSites.count > 1 && query.searchText != nil && !query.searchesStore && page == 1
    }

    /// Sends each site's search; no cached copy is read (the store keeps one site's pages, not a merge).
    mutating func startMergedSearch(_ query: QuestionsQuery, in context: inout ScreenContext) -> [BrowserEffect] {
        let sites = context.configuration.searchSites
        list.merged = MergedSearch(sites: sites)
        context.notice = nil
        return sites.flatMap { site in
            context.ledger.issue(.questions(Self.query(query, on: site), page: 1), lane: .user,
                                 purpose: .mergedSearch(site: site), at: context.now).effects
        }
    }

    /// `query` asked of `site`.
    static func query(_ query: QuestionsQuery, on site: String) -> QuestionsQuery {
        var siteQuery = query
        siteQuery.site = site
        return siteQuery
    }

    /// Cancels every site's search still in flight (Esc, a new query, quitting).
    mutating func cancelMergedSearch(in context: inout ScreenContext) -> [BrowserEffect] {
        let remaining = context.ledger.entries { MergedSearch.site(of: $0) != nil }
        guard !remaining.isEmpty else { return [] }
        list.merged?.cancelled(sites: remaining.compactMap { MergedSearch.site(of: $0.purpose) })
        return context.ledger.cancelAll { MergedSearch.site(of: $0) != nil }
    }

    /// One site's answer: its rows join the list at once; the last answer settles the page.
    mutating func receiveMergedPage(
        _ result: Result<Page<Question>, APIError>, site: String, entry: RequestLedger.Entry, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        // Only for the list's own search (the ledger dropped the answers of a search cancelled or replaced).
        guard entry.request == .questions(Self.query(list.query, on: site), page: 1), list.merged != nil else { return [] }
        let now = context.now
        switch result {
        case .success(let page):
            if let quota = page.quotaRemaining { context.status.quotaRemaining = quota }
            list.merged?.arrived(page.items, site: site)
        case .failure(.throttled(let until)):
            list.merged?.ended(site: site, .throttled(until: until))
        case .failure(.cancelled):
            list.merged?.ended(site: site, .cancelled)
        case .failure(let error) where error.isThrottleViolation:
            list.merged?.ended(site: site, .throttled(until: now))
        case .failure(let error):
            list.merged?.ended(site: site, .failed(error.message))
        }
        guard let merged = list.merged else { return [] }
        // The rows so far show at once; the other sites' rows join them as they come. A selection still on the first
        // row stays there (the best results come first), one the person moved stays on its question.
        let atTop = list.selection == 0
        list.show(rows: merged.rows, number: 1)
        if atTop { list.selectFirst() }
        context.lastError = merged.problems(now: now)
        guard !merged.isWaiting(in: context.ledger) else { return [] }
        if merged.nothingArrived {
            return carryOut(list.paging.failed(message: merged.problems(now: now) ?? "nothing found"), in: &context)
        }
        // One page: the API's relevance order past each site's first page is not worth a request per site per `n`.
        let page = Page(items: merged.allQuestions, hasMore: false, quotaRemaining: context.status.quotaRemaining)
        return carryOut(list.paging.pageArrived(page, number: 1, lane: .user, newRows: nil, inFlight(in: context)), in: &context)
    }
}
