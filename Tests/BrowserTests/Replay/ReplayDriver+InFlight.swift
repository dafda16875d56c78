@testable import Browser
import Foundation
import StackExchange

/// A question on a site, as a store read names it.
struct QuestionOnSite: Hashable {
    let site: String
    let id: Int
}

/// The invariant that the ledger is the only place a request is in flight, checked after every event of a replay:
/// no screen or machine reports loading for a request the ledger does not hold (the detail's spinner may also wait
/// for the store's read, which the runner answers), every request the ledger holds is one a live screen waits for,
/// or a background one (a write, its check, a poll, the status bar's names), and no request is on the wire twice.
extension ReplayDriver {
    /// What breaks "the ledger is the only place a request is in flight" in `model`, if anything; `detailReadsOut` are
    /// the questions whose stored copy the runner was asked for and has not delivered yet.
    static func inFlightViolation(in model: BrowserModel, detailReadsOut: Set<QuestionOnSite> = []) -> String? {
        let ledger = model.ledger
        let state = model.state
        return screensReportOnlyWhatTheLedgerHolds(state, ledger: ledger)
            ?? detailReportsOnlyWhatTheLedgerHolds(state.detail, ledger: ledger, detailReadsOut: detailReadsOut)
            ?? ledger.entries(where: { _ in true }).lazy.compactMap { waitedFor($0, in: state) }.first
            ?? twinsOnTheWire(in: ledger)
    }

    /// Two requests in flight that ask the same questions, detail or answers page, whatever their purposes: the ledger
    /// is the one place identical requests are joined (no data manager joins them after it), so two would be two
    /// network requests.
    private static func twinsOnTheWire(in ledger: RequestLedger) -> String? {
        var seen: [BrowserRequest: RequestToken] = [:]
        for entry in ledger.entries(where: { _ in true }) {
            let request = entry.request
            guard request.is(BrowserRequest.Questions.self) || request.is(BrowserRequest.Detail.self)
                    || request.is(BrowserRequest.Answers.self)
            else { continue }
            if let twin = seen[request] {
                return "\(entry.token) and \(twin) both ask \(request): two network requests for one"
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
        return nil
    }

    /// The open question says it loads (nothing shows yet) only while the store is read for it or the ledger holds its
    /// request, and says it revalidates (a copy shows, refreshed) exactly while the ledger holds its request.
    private static func detailReportsOnlyWhatTheLedgerHolds(
        _ detail: DetailState?, ledger: RequestLedger, detailReadsOut: Set<QuestionOnSite>
    ) -> String? {
        guard let detail else { return nil }
        let request = BrowserRequest.detail(site: detail.site, questionID: detail.questionID)
        let held = ledger.entries(where: { $0 == .detail }).contains { $0.request == request }
        if detail.isLoading, !held, !detailReadsOut.contains(QuestionOnSite(site: detail.site, id: detail.questionID)) {
            return "the detail says #\(detail.questionID) loads, but neither the ledger nor the store's read holds it"
        }
        if detail.isRevalidating(in: ledger) != (detail.loaded != nil && held) {
            return "the detail says #\(detail.questionID) \(detail.isRevalidating(in: ledger) ? "revalidates" : "does not revalidate"), "
                + "but the ledger \(held ? "holds" : "does not hold") its request"
        }
        if detail.isFetching(in: ledger) != held {
            return "the detail says #\(detail.questionID) is \(held ? "not " : "")fetched, which the ledger contradicts"
        }
        return nil
    }

    /// Why `entry` is in the ledger with nobody waiting for it, if it is.
    private static func waitedFor(_ entry: RequestLedger.Entry, in state: BrowserState) -> String? {
        let list = state.list
        // Spelled out only for a stray: the check runs for every request after every event.
        var stray: String { "\(entry.token) (\(entry.request)) for \(entry.purpose) is in flight, but " }
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
