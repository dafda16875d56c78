@testable import Browser
import Foundation
import StackExchange
import Testing

/// The ledger as the one truth about requests: an identical request in flight is joined, never sent twice.
@MainActor
struct RequestLedgerTests {
    let t0 = Fixtures.now
    let query = QuestionsQuery(site: "stackoverflow")

    @Test func anIdenticalRequestInFlightIsJoinedAndSaysSo() {
        var ledger = RequestLedger()
        let first = ledger.issue(.questions(query, page: 2), lane: .user, purpose: .listPage(page: 2), at: t0)
        #expect(!first.joined)
        #expect(first.effects == [.send(first.token, .questions(query, page: 2), lane: .user)])
        let again = ledger.issue(.questions(query, page: 2), lane: .user, purpose: .listPage(page: 2), at: t0)
        #expect(again.joined && again.token == first.token && again.effects.isEmpty)
        let other = ledger.issue(.questions(query, page: 3), lane: .user, purpose: .listPage(page: 3), at: t0)
        #expect(!other.joined && other.token != first.token)
        #expect(ledger.entries.count == 2)
    }

    @Test func thePersonJoiningABackgroundRequestRaisesIt() {
        var ledger = RequestLedger()
        let prefetch = ledger.issue(.questions(query, page: 2), lane: .background, purpose: .listPage(page: 2), at: t0)
        let asked = ledger.issue(.questions(query, page: 2), lane: .user, purpose: .listPage(page: 2), at: t0)
        #expect(asked.joined && asked.effects == [.raise(prefetch.token, .questions(query, page: 2))])
        #expect(ledger.entries[prefetch.token]?.lane == .user)
        #expect(ledger.issue(.questions(query, page: 2), lane: .user, purpose: .listPage(page: 2), at: t0).effects.isEmpty, "raised once")
    }

    @Test func theSameRequestForAnotherPurposeIsItsOwnRequest() {
        var ledger = RequestLedger()
        let names = ledger.issue(.sites, lane: .background, purpose: .siteNames, at: t0)
        let picker = ledger.issue(.sites, lane: .user, purpose: .sitePicker, at: t0 + 1)
        #expect(!picker.joined && picker.token != names.token)
        #expect(ledger.isAwaiting(.sitePicker) && ledger.awaitingSince(.sitePicker) == t0 + 1)
        #expect(ledger.cancelAll(for: .sitePicker) == [.cancel(picker.token)])
        #expect(!ledger.isAwaiting(.sitePicker) && ledger.isAwaiting(.siteNames))
    }

    /// Cancelling a purpose's requests withdraws the newest first: one still waiting for its lane is cancelled before
    /// an older one's cancel frees a place on the lane that would have let it start.
    @Test func cancellingAllWithdrawsTheNewestFirst() {
        var ledger = RequestLedger()
        let pages = (2...4).map { ledger.issue(.questions(query, page: $0), lane: .background, purpose: .listPage(page: $0), at: t0).token }
        let other = ledger.issue(.sites, lane: .background, purpose: .siteNames, at: t0)
        #expect(ledger.cancelAll { if case .listPage = $0 { true } else { false } } == pages.reversed().map { .cancel($0) })
        #expect(ledger.isAwaiting(.siteNames) && ledger.entries.count == 1)
        let more = (5...6).map { ledger.issue(.questions(query, page: $0), lane: .background, purpose: .siteNames, at: t0).token }
        #expect(ledger.cancelAll(for: .siteNames) == ([other.token] + more).reversed().map { .cancel($0) })
    }

    @Test func anAnswerLeavesTheLedgerAndALateOneIsStale() {
        var ledger = RequestLedger()
        let issue = ledger.issue(.sites, lane: .user, purpose: .sitePicker, at: t0)
        #expect(ledger.answer(issue.token, at: t0, succeeded: true)?.purpose == .sitePicker)
        #expect(ledger.answer(issue.token, at: t0, succeeded: true) == nil)
        #expect(!ledger.issue(.sites, lane: .user, purpose: .sitePicker, at: t0).joined, "asked again after the answer")
    }

    /// A PageDown at the end of the list while the prefetch of the next page is in flight sends nothing new: the
    /// ledger joins it (no data manager joins requests after it).
    @Test func pageDownAtTheEndWhileThePrefetchIsInFlightSendsNothingNew() throws {
        var model = BrowserModel(configuration: BrowserConfiguration(site: "stackoverflow"), features: BrowserFeatures(), now: t0)
        _ = model.handle(.resize(width: 80, height: 24), at: t0)
        let start = model.handle(.start, at: t0)
        guard case .send(let first, _, _) = try #require(start.first) else { Issue.record("no first page"); return }
        // Ten rows leave the screen's rows empty, so the first page's answer already asks for the next (issue 26);
        // else End near the end does.
        let arrived = model.handle(.response(first, .questions(.success(Fixtures.page(Fixtures.questions(10), hasMore: true)))), at: t0)
        let end = arrived + model.handle(.key(.end), at: t0)
        let prefetches = end.compactMap { effect -> RequestToken? in
            if let sent = effect.sending, sent.request.as(BrowserRequest.Questions.self)?.page == 2, sent.lane == .background {
                return sent.token
            }
            return nil
        }
        try #require(prefetches.count == 1)
        let pageDown = model.handle(.key(.pageDown), at: t0)
        let resent = pageDown.filter { $0.sending?.request.as(BrowserRequest.Questions.self)?.page == 2 }
        #expect(resent.isEmpty, "the same page is already in flight: \(pageDown)")
        #expect(pageDown.contains { $0.raising?.token == prefetches[0] && $0.raising?.request.as(BrowserRequest.Questions.self)?.page == 2 })
        #expect(model.state.list.isLoading(in: model.ledger), "the person waits for it now: the spinner shows")
        _ = model.handle(.response(prefetches[0], .questions(.success(Fixtures.page(Fixtures.questions(10, from: 11), hasMore: false)))), at: t0)
        #expect(model.state.list.rows.count == 20 && !model.state.list.isLoading(in: model.ledger))
        #expect(model.ledger.entries.isEmpty)
    }
}
