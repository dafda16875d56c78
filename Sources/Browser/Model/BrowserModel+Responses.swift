import Foundation
import StackExchange
import StorePorts

extension BrowserModel {
    /// Routes a response to what its request was for; a token the ledger no longer holds is stale and dropped.
    mutating func receive(_ response: BrowserResponse, token: RequestToken) -> [BrowserEffect] {
        guard let entry = ledger.answer(token, at: now, succeeded: response.error == nil) else { return [] }
        // Whether the network could be reached is learnt here, from every response, and nowhere else; a success
        // of a kind the store may answer proves nothing about the network.
        if let error = response.error {
            if error.isOffline { state.isOffline = true }
        } else if entry.request.successShowsNetwork {
            state.isOffline = false
        }
        // A 402 or 406 on any request ends the sign-in first; the request's own answer is then applied as a failure.
        var effects: [BrowserEffect] = []
        if let error = response.error, error.endsSignIn { effects = signOut(because: error) }
        let signedOutNow = response.error?.endsSignIn == true
        effects += route(response, entry: entry)
        // The request's own handler may have put its error text over the sign-out's reason: the reason wins. The
        // read that met the 402 is asked again, now without the token (the runner forgets it first).
        if signedOutNow, case .signedOut(let reason?) = state.account {
            switch entry.purpose {
            case .listPage where state.list.rows.isEmpty: effects += reloadList()
            case .detail: effects += reloadDetail()
            default: break
            }
            state.lastError = reason
            // Kept as the notice too: the retried read's success clears the error line, not the reason.
            state.notice = reason
        }
        return effects
    }

    /// Applies `response` to what its request was for: its kind routes it (`RequestKind.route`).
    private mutating func route(_ response: BrowserResponse, entry: RequestLedger.Entry) -> [BrowserEffect] {
        entry.request.route(response, entry: entry, in: &self)
    }

    /// Applies what the store answered or told.
    mutating func receive(stored result: StoreResult) -> [BrowserEffect] {
        switch result {
        case .cachedPage(let cached, let page, let token):
            return withScreen(\.listScreen) { $0.receiveCachedPage(cached, page: page, token: token, in: &$1) }
        case .cachedDetail(let cached, let site, let questionID):
            return withScreen(\.detailScreen) { $0.receiveCachedDetail(cached, site: site, questionID: questionID, in: &$1) }
        case .bookmarks(let bookmarks, let problem):
            return withScreen(\.listScreen) { $0.showBookmarks(bookmarks, problem: problem, in: &$1) }
        case .commentDraft(let text, let site, let postID):
            withScreen(\.detailScreen) { $0.receiveDraft(text, site: site, postID: postID, in: &$1) }
            return []
        case .inbox(let items):
            state.inbox.receiveStored(items)
            return []
        case .commentClock(let date, let site):
            return withScreen(\.detailScreen) { $0.receiveCommentClock(date, site: site, in: &$1) }
        case .remembered(let remembered):
            state.promptHistory = PromptHistory(entries: remembered.promptHistory)
            state.helpSeen = state.helpSeen || remembered.helpSeen
            return []
        case .personal(let marks, let reason):
            self.marks = marks
            personalUnavailableReason = reason
            return []
        case .notices(let notes):
            if !notes.isEmpty { state.say(warning: notes.joined(separator: " · ")) }
            return []
        case .written(let write, let problem):
            if case .watch(let change) = write { return watchWritten(change) }
            return confirmWrite(write, problem: problem)
        case .watches(let snapshot):
            return withScreen(\.watch) { $0.receiveWatches(snapshot, in: &$1) }
        case .watchItems(let items):
            let site = state.list.query.site
            return withScreen(\.watch) { $0.receiveUnseen(items, defaultSite: site, in: $1) }
        case .editorDraft(let draft, let site, let target):
            return receiveEditorDraft(draft, site: site, target: target)
        case .editorDrafts(let drafts):
            receiveEditorDrafts(drafts)
            return []
        case .writeFilter(let filter):
            receiveWriteFilter(filter)
            return []
        case .writeClock(let clock, let site):
            guard state.writing?.site == site else { return [] }
            return inWriting { $0.receiveClock(clock, in: &$1) }
        }
    }

    /// Remembers what a failure says about the API as a whole: a throttle shows as a countdown in the status
    /// bar (in place of its fixed message) until it ends.
    mutating func noteAPIFailure(_ error: APIError) {
        state.status.noteAPIFailure(error)
    }

    /// The site names for the status bar, once (`ScreenContext.askForSiteNames`).
    mutating func askForSiteNames() -> [BrowserEffect] {
        context.askForSiteNames()
    }

    /// True while the status bar counts a throttle down (it then redraws every tick).
    var isThrottleCountingDown: Bool {
        guard let until = state.throttledUntil else { return false }
        return until > now
    }
}
