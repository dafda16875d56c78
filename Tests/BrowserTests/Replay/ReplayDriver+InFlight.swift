@testable import Browser
import Foundation
import StackExchange

/// The invariant that the ledger is the only place a request is in flight, checked after every event of a replay:
/// no screen or machine reports loading for a request the ledger does not hold, and every request the ledger holds
/// is one a live screen waits for, or a background one (a write, its check, a poll, the status bar's names).
extension ReplayDriver {
    /// What breaks "the ledger is the only place a request is in flight" in `model`, if anything.
    static func inFlightViolation(in model: BrowserModel) -> String? {
        let ledger = model.ledger
        let state = model.state
        return screensReportOnlyWhatTheLedgerHolds(state, ledger: ledger)
            ?? ledger.entries(where: { _ in true }).lazy.compactMap { waitedFor($0, in: state) }.first
            ?? twinsForTheCoalescer(in: ledger)
    }

    /// Two requests in flight that a data manager's `RequestCoalescer` would join (the same questions, detail or
    /// answers request, whatever their purposes): the ledger joins the browser's requests, so the coalescer never
    /// has two of them to join (it only raises a prefetch the person joined).
    private static func twinsForTheCoalescer(in ledger: RequestLedger) -> String? {
        var seen: [BrowserRequest: RequestToken] = [:]
        for entry in ledger.entries(where: { _ in true }) {
            let request = entry.request
            guard request.is(BrowserRequest.Questions.self) || request.is(BrowserRequest.Detail.self)
                    || request.is(BrowserRequest.Answers.self)
            else { continue }
            if let twin = seen[request] {
                return "\(entry.token) and \(twin) both ask \(request): the data manager's coalescer would join them"
            }
            seen[request] = entry.token
        }
        return nil
    }

    /// A screen or machine that says something is loading which the ledger does not hold.
    private static func screensReportOnlyWhatTheLedgerHolds(_ state: BrowserState, ledger: RequestLedger) -> String? {
        let list = state.list
        if case .loading(let page, let since) = list.phase(in: ledger) {
            let held: Bool
            if let merged = list.merged, page == 1 {
                held = merged.isWaiting(in: ledger)
                    || ledger.inFlight(.questions(list.query, page: 1), for: .listPage(page: 1))?.lane == .user
            } else {
                held = ledger.inFlight(.questions(list.query, page: page), for: .listPage(page: page))?.lane == .user
            }
            if !held { return "the list says page \(page) loads since \(since), which the ledger does not hold" }
        }
        if list.isLoading(in: ledger) != (list.inFlight(in: ledger).load != nil) {
            return "the list's isLoading disagrees with what the ledger holds for it"
        }
        if let page = list.prefetchingPage(in: ledger),
           ledger.inFlight(.questions(list.query, page: page), for: .listPage(page: page))?.lane != .background {
            return "the list says page \(page) is prefetched, which the ledger does not hold on the background lane"
        }
        if let merged = list.merged {
            let waiting = Set(merged.waiting(in: ledger))
            for site in merged.sites where (merged.outcomes[site] == nil) != waiting.contains(site) {
                return "the merged search's \(site) has \(merged.outcomes[site].map { "\($0)" } ?? "no outcome") "
                    + "but the ledger \(waiting.contains(site) ? "holds" : "does not hold") its search"
            }
        }
        if let picker = state.sitePicker, picker.isLoading(in: ledger), !ledger.isAwaiting(.sitePicker) {
            return "the picker says its site list loads, which the ledger does not hold"
        }
        if let detail = state.detail {
            let request = BrowserRequest.detail(site: detail.site, questionID: detail.questionID)
            if detail.isRevalidating, ledger.inFlight(request, for: .detail) == nil {
                return "the detail says it revalidates #\(detail.questionID), which the ledger does not hold"
            }
        }
        return nil
    }

    /// Why `entry` is in the ledger with nobody waiting for it, if it is.
    private static func waitedFor(_ entry: RequestLedger.Entry, in state: BrowserState) -> String? {
        let list = state.list
        let stray = "\(entry.token) (\(entry.request)) for \(entry.purpose) is in flight, but "
        switch entry.purpose {
        case .listPage(let page):
            guard entry.request == .questions(list.query, page: page) else { return stray + "the list shows another query or page" }
            if entry.lane == .user, list.paging.stopped != nil { return stray + "the list's last load stopped" }
            if entry.lane == .background, page != list.loadedPages + 1 || !list.hasMore {
                return stray + "it is no prefetch of the next page (\(list.loadedPages) shown)"
            }
        case .mergedSearch(let site):
            guard let merged = list.merged, merged.sites.contains(site), merged.outcomes[site] == nil,
                  entry.request == .questions(ListScreen.query(list.query, on: site), page: 1)
            else { return stray + "the list waits for no such site's search" }
        case .sitePicker:
            guard state.sitePicker?.phase == .waiting else { return stray + "no picker waits for its sites" }
        case .inbox:
            guard state.stack.contains(.inbox) else { return stray + "the inbox is not shown" }
        case .answers(let page):
            guard let detail = state.detail, let asked = entry.request.as(BrowserRequest.Answers.self),
                  asked.questionID == detail.questionID, asked.siteName == detail.site, asked.page == page,
                  page == (detail.loaded?.answerPagesLoaded ?? 0) + 1, !detail.machine.isAnswerPagingBlocked
            else { return stray + "the detail waits for no such answers page" }
        case .detail, .comments:
            guard let detail = state.detail, entry.request.site == detail.site,
                  entry.request.as(BrowserRequest.Detail.self)?.questionID
                    ?? entry.request.as(BrowserRequest.Comments.self)?.questionID == detail.questionID
            else { return stray + "the detail shows another question or none" }
        case .commentPreview:
            guard state.commentEditor != nil else { return stray + "no comment editor is open" }
        case .siteNames, .inboxBadge, .commentPost, .voteCheck, .commentCheck, .own:
            // Background: the status bar's names and badge, a write and its check, a vote, a watch's poll.
            break
        }
        return nil
    }
}
