import Foundation
import StackExchange
import StorePorts

extension BrowserModel {
    /// What each action does on the detail screen: the movement keys scroll, the back keys return to the list.
    mutating func performInDetail(_ action: Action) -> [BrowserEffect] {
        guard var detail = state.detail else { return [] }
        let document = layouts.document(for: detail, width: width, now: now) ?? DetailDocument(lines: [], answerLineIndices: [], links: [])
        // A page keeps one line of the last in view (a row less shows under a sticky header).
        let page = max(1, bodyHeight - 1 - document.stickyRows(atScroll: detail.scroll))
        var effects: [BrowserEffect] = []
        if [.moveUp, .moveDown, .pageUp, .pageDown, .first, .last].contains(action) { detail.pinnedPostLine = nil }
        switch action {
        case .moveUp: detail.scroll(by: -1, in: document, height: bodyHeight)
        case .moveDown: detail.scroll(by: 1, in: document, height: bodyHeight)
        case .pageUp: detail.scroll(by: -page, in: document, height: bodyHeight)
        case .pageDown: detail.scroll(by: page, in: document, height: bodyHeight)
        case .first: detail.scroll = 0
        case .last: detail.scroll(by: document.lines.count, in: document, height: bodyHeight)
        case .escape where hasWriteInFlight:
            // Stop waiting for a vote or a comment on its way; it may have landed, so it is checked, not dropped.
            return abandonWritesInFlight()
        case .escape where detail.find != nil:
            detail.find = nil
        case .back, .escape, .quit:
            return closeDetail()
        case .reload:
            return reloadDetail()
        case .openInBrowser:
            effects = openInBrowser(detail.question, site: detail.site)
        case .followLink:
            return followLink(1)
        case .toggleHelp:
            return openHelp()
        case .copyLink:
            return copyLink()
        case .copyCode:
            return copyCode()
        case .bookmark:
            return toggleBookmark(detail.question, site: detail.site)
        case .toggleRead:
            return toggleRead(detail.question, site: detail.site)
        case .comments:
            return keepingCurrentPostInPlace { $0.toggleComments() }
        case .search, .find:
            return openFindPrompt()
        case .nextPage, .findNext:
            moveToMatch(&detail, forward: true, in: document)
        case .findPrevious:
            moveToMatch(&detail, forward: false, in: document)
        case .nextPost, .previousPost:
            state.detail = detail
            return jumpToPost(forward: action == .nextPost)
        case .upvote:
            state.detail = detail
            return vote(.upvote)
        case .downvote:
            state.detail = detail
            return vote(.downvote)
        case .favorite:
            state.detail = detail
            return vote(.favorite)
        case .comment:
            state.detail = detail
            return openCommentEditor()
        case .inbox:
            return openInbox()
        case .open, .cycleSort, .filterTag, .searchStore, .sites, .bookmarks, .messages, .watch, .watches:
            break
        }
        state.detail = detail
        return effects + loadMoreAnswersIfNeeded()
    }

    /// Opens the selected question (or `question`) on its own site: the store is asked first, and the network
    /// unless the stored copy is fresh.
    mutating func openDetail(_ question: Question? = nil, site: String? = nil) -> [BrowserEffect] {
        guard let question = question ?? state.list.selectedQuestion,
              let site = site ?? state.list.selectedRow.map({ self.site(of: $0) })
        else { return [] }
        var effects = closeDetail()
        let id = question.questionID
        effects += setRead(true, site: site, questionID: id)
        state.detail = newDetail(question, site: site)
        if features.detailCache { return effects + [.read(.cachedDetail(site: site, questionID: id))] }
        return effects + receiveCachedDetail(nil, site: site, questionID: id)
    }

    /// `r` in the detail: asks the network again while what shows stays, unless exactly that request is in
    /// flight (it is kept) or was answered under `RequestLedger.reloadWindow` ago.
    mutating func reloadDetail() -> [BrowserEffect] {
        guard var detail = state.detail else { return [] }
        let request = BrowserRequest.detail(site: detail.site, questionID: detail.questionID)
        if ledger.inFlight(request, for: .detail) != nil { return [] }
        if detail.loaded != nil, ledger.wasAnsweredRecently(request, now: now) {
            state.notice = "up to date"
            return []
        }
        // A question that failed to load starts over: nothing of it is kept.
        if case .failed = detail.machine.life { detail = newDetail(detail.question, site: detail.site) }
        let actions = detail.machine.reloadRequested(at: now)
        state.detail = detail
        return carryOut(detail: actions)
    }

    /// A detail screen for `question` on `site`, opened now: its revisions are named by the model's count.
    private mutating func newDetail(_ question: Question, site: String) -> DetailState {
        detailsOpened += 1
        return DetailState(question: question, site: site, startedAt: now, opening: detailsOpened)
    }

    /// The store answered for the question being opened: a fresh copy shows with no request, a stale one shows
    /// while it is revalidated, none means a load.
    mutating func receiveCachedDetail(_ cached: Cached<QuestionDetail>?, site: String, questionID: Int) -> [BrowserEffect] {
        guard var detail = state.detail, detail.questionID == questionID, detail.site == site,
              case .loading = detail.machine.life
        else { return [] }
        if let cached { detail.show(cached.value) }
        let isFresh = cached.map { now.timeIntervalSince($0.fetchedAt) < configuration.detailFreshness } ?? false
        let actions = detail.machine.storeAnswered(fetchedAt: cached?.fetchedAt, isFresh: isFresh, revalidate: false)
        state.detail = detail
        return carryOut(detail: actions) + loadMoreAnswersIfNeeded()
    }

    /// Carries out what the detail machine decided, through the ledger.
    mutating func carryOut(detail actions: [DetailMachine.Action]) -> [BrowserEffect] {
        guard let detail = state.detail else { return [] }
        var effects: [BrowserEffect] = []
        for action in actions {
            switch action {
            case .fetchDetail:
                let request = BrowserRequest.detail(site: detail.site, questionID: detail.questionID)
                effects += ledger.issue(request, lane: .user, purpose: .detail, at: now).effects
            case .fetchAnswers(let page):
                let request = BrowserRequest.answers(site: detail.site, questionID: detail.questionID, page: page)
                effects += ledger.issue(request, lane: .user, purpose: .answers, at: now).effects
            case .cancelAnswers:
                effects += ledger.cancelAll(for: .answers)
            }
        }
        return effects
    }

    /// Applies the question's detail from the network. A stored copy being revalidated stays on screen when
    /// the request fails (offline says so).
    mutating func receiveDetail(_ result: Result<QuestionDetail, APIError>, entry: RequestLedger.Entry) -> [BrowserEffect] {
        guard case .detail(let site, let id) = entry.request, var detail = state.detail, detail.questionID == id,
              detail.site == site
        else { return [] }
        var effects: [BrowserEffect] = []
        switch result {
        case .success(let loaded):
            detail.machine.detailArrived()
            detail.show(loaded)
            // The API's word on every post shown: a write whose check could not tell is settled by it.
            unverifiedWrites.removeAll(site: site, postIDs: Set([id] + loaded.answers.map(\.answerID)))
            if let quota = loaded.quotaRemaining { state.quotaRemaining = quota }
            state.lastError = nil
        case .failure(let error) where error.isOffline:
            detail.machine.detailFailed(message: error.message, offline: true)
        case .failure(let error):
            detail.machine.detailFailed(message: error.message, offline: false)
            state.lastError = error.message
            noteAPIFailure(error)
        }
        state.detail = detail
        if case .success = result { effects += fetchCommentsOfNewAnswers() }
        return effects + loadMoreAnswersIfNeeded()
    }

    /// Asks for the next page of answers when the detail is scrolled within a screen of its end and the API
    /// has more; one page at a time, and not again after a failure until the question is reloaded.
    mutating func loadMoreAnswersIfNeeded() -> [BrowserEffect] {
        guard var detail = state.detail, let loaded = detail.loaded, loaded.answersHaveMore,
              detail.machine.answerPaging == .idle
        else { return [] }
        let lineCount = layouts.document(for: detail, width: width, now: now)?.lines.count ?? 0
        guard detail.scroll + 2 * bodyHeight >= lineCount else { return [] }
        let actions = detail.machine.nearEnd(hasMore: loaded.answersHaveMore, pagesLoaded: loaded.answerPagesLoaded)
        state.detail = detail
        return carryOut(detail: actions)
    }

    /// Appends an answers page to the open question.
    mutating func receiveAnswers(_ result: Result<Page<Answer>, APIError>, entry: RequestLedger.Entry) -> [BrowserEffect] {
        guard case .answers(let site, let id, let page) = entry.request, var detail = state.detail,
              detail.questionID == id, detail.site == site, var loaded = detail.loaded
        else { return [] }
        var effects: [BrowserEffect] = []
        switch result {
        case .success(let received):
            detail.machine.answersArrived()
            // The layout is made again for the longer document; the scroll position stays.
            if loaded.append(received, number: page) { detail.show(loaded) }
            if let quota = received.quotaRemaining { state.quotaRemaining = quota }
            state.detail = detail
            effects += fetchCommentsOfNewAnswers()
        case .failure(.cancelled):
            detail.machine.answersArrived()
            state.detail = detail
            return []
        case .failure(let error):
            detail.machine.answersFailed()
            state.detail = detail
            state.lastError = error.message
            noteAPIFailure(error)
        }
        return effects + loadMoreAnswersIfNeeded()
    }

    /// Returns to the list with its selection as it was; everything the question had in flight is cancelled.
    mutating func closeDetail() -> [BrowserEffect] {
        state.detail = nil
        state.commentEditor = nil
        if state.prompt?.kind == .find { state.prompt = nil }
        return ledger.cancelAll(for: .detail) + ledger.cancelAll(for: .answers) + ledger.cancelAll(for: .comments)
    }
}
