import Foundation
import StackExchange
import StorePorts

/// The open question's content: the store's copy, the network's, and the answers past the first hundred, as the
/// detail machine decides, through the context's ledger.
extension DetailScreen {
    /// `r` in the detail: asks the network again while what shows stays, unless exactly that request is in
    /// flight (it is kept) or was answered under `RequestLedger.reloadWindow` ago.
    mutating func reload(in context: inout ScreenContext) -> [BrowserEffect] {
        guard var detail else { return [] }
        if detail.isFetching(in: context.ledger) { return [] }
        if detail.loaded != nil, context.ledger.wasAnsweredRecently(detail.detailRequest, now: context.now) {
            context.notice = "up to date"
            return []
        }
        // A question that failed to load starts over: nothing of it is kept.
        if case .failed = detail.machine.life { detail = newDetail(detail.question, site: detail.site, in: context) }
        let actions = detail.machine.reloadRequested(at: context.now)
        self.detail = detail
        return carryOut(actions, in: &context)
    }

    /// The store answered for the question being opened: a fresh copy shows with no request, a stale one shows
    /// while it is revalidated, none means a load.
    mutating func receiveCachedDetail(
        _ cached: Cached<QuestionDetail>?, site: String, questionID: Int, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard var detail, detail.questionID == questionID, detail.site == site, case .opening = detail.machine.life
        else { return [] }
        if let cached { detail.show(cached.value) }
        let isFresh = cached.map { context.now.timeIntervalSince($0.fetchedAt) < context.configuration.detailFreshness } ?? false
        // Asked before the store was read (`open(askingAtOnce:)`): the ledger says so, and nothing more is sent.
        let asked = detail.isFetching(in: context.ledger)
        let actions = detail.machine.storeAnswered(fetchedAt: cached?.fetchedAt, isFresh: isFresh, revalidate: false, asked: asked)
        self.detail = detail
        return carryOut(actions, in: &context) + loadMoreAnswersIfNeeded(in: &context)
    }

    /// Carries out what the detail machine decided, through the ledger.
    mutating func carryOut(_ actions: [DetailMachine.Action], in context: inout ScreenContext) -> [BrowserEffect] {
        guard let detail else { return [] }
        var effects: [BrowserEffect] = []
        for action in actions {
            switch action {
            case .fetchDetail:
                effects += context.ledger.issue(detail.detailRequest, lane: .user, purpose: .detail, at: context.now).effects
            case .fetchAnswers(let page):
                let request = BrowserRequest.answers(site: detail.site, questionID: detail.questionID, page: page)
                effects += context.ledger.issue(request, lane: .user, purpose: .answers(page: page), at: context.now).effects
            case .cancelAnswers:
                effects += context.ledger.cancelAll(where: Self.isAnswersPage)
            }
        }
        return effects
    }

    /// Applies the question's detail from the network. A stored copy being revalidated stays on screen when
    /// the request fails (offline says so).
    mutating func receiveDetail(
        _ result: Result<QuestionDetail, APIError>, entry: RequestLedger.Entry, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard let asked = entry.request.as(BrowserRequest.Detail.self), var detail,
              detail.questionID == asked.questionID, detail.site == asked.siteName
        else { return [] }
        var effects: [BrowserEffect] = []
        switch result {
        case .success(let loaded):
            detail.machine.detailArrived()
            detail.show(loaded)
            // The API's word on every post shown: a write whose check could not tell is settled by it.
            unverifiedWrites.removeAll(site: asked.siteName, postIDs: Set([asked.questionID] + loaded.answers.map(\.answerID)))
            if let quota = loaded.quotaRemaining { context.status.quotaRemaining = quota }
            context.lastError = nil
        case .failure(let error) where error.isOffline:
            detail.machine.detailFailed(message: error.message, offline: true)
        case .failure(let error):
            detail.machine.detailFailed(message: error.message, offline: false)
            context.lastError = error.message
            context.noteAPIFailure(error)
        }
        self.detail = detail
        if case .success = result { effects += fetchCommentsOfNewAnswers(in: &context) }
        return effects + loadMoreAnswersIfNeeded(in: &context)
    }

    /// Asks for the next page of answers when the detail is scrolled within a screen of its end and the API
    /// has more; one page at a time, and not again after a failure until the question is reloaded.
    mutating func loadMoreAnswersIfNeeded(in context: inout ScreenContext) -> [BrowserEffect] {
        let pageInFlight = answersPageInFlight(in: context.ledger)
        guard var detail, let loaded = detail.loaded, loaded.answersHaveMore, pageInFlight == nil,
              !detail.machine.isAnswerPagingBlocked
        else { return [] }
        let lineCount = context.layouts.document(for: detail, width: context.width, now: context.now)?.lines.count ?? 0
        guard detail.scroll + 2 * context.bodyHeight >= lineCount else { return [] }
        let actions = detail.machine.nearEnd(
            hasMore: loaded.answersHaveMore, pagesLoaded: loaded.answerPagesLoaded, pageInFlight: pageInFlight)
        self.detail = detail
        return carryOut(actions, in: &context)
    }

    /// The answers page of the open question that `ledger` has in flight, if one is.
    func answersPageInFlight(in ledger: RequestLedger) -> Int? {
        guard let detail else { return nil }
        return ledger.entries(where: Self.isAnswersPage).first { entry in
            let asked = entry.request.as(BrowserRequest.Answers.self)
            return asked?.questionID == detail.questionID && asked?.siteName == detail.site
        }?.request.as(BrowserRequest.Answers.self)?.page
    }

    /// True for the purpose of an answers page.
    static func isAnswersPage(_ purpose: RequestPurpose) -> Bool {
        if case .answers = purpose { return true }
        return false
    }

    /// Appends an answers page to the open question.
    mutating func receiveAnswers(
        _ result: Result<Page<Answer>, APIError>, entry: RequestLedger.Entry, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard let asked = entry.request.as(BrowserRequest.Answers.self), var detail,
              detail.questionID == asked.questionID, detail.site == asked.siteName, var loaded = detail.loaded
        else { return [] }
        var effects: [BrowserEffect] = []
        switch result {
        case .success(let received):
            // The layout is made again for the longer document; the scroll position stays.
            if loaded.append(received, number: asked.page) { detail.show(loaded) }
            if let quota = received.quotaRemaining { context.status.quotaRemaining = quota }
            self.detail = detail
            effects += fetchCommentsOfNewAnswers(in: &context)
        case .failure(.cancelled):
            return []
        case .failure(let error):
            detail.machine.answersFailed()
            self.detail = detail
            context.lastError = error.message
            context.noteAPIFailure(error)
        }
        return effects + loadMoreAnswersIfNeeded(in: &context)
    }
}
