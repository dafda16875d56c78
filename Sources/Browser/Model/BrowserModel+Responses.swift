import Foundation
import StackExchange
import StorePorts

extension BrowserModel {
    /// Routes a response to what its request was for; a token the ledger no longer holds is stale and dropped.
    mutating func receive(_ response: BrowserResponse, token: RequestToken) -> [BrowserEffect] {
        guard let entry = ledger.answer(token, at: now, succeeded: response.error == nil) else { return [] }
        // Whether the network could be reached is learnt here, from every response, and nowhere else. The site
        // list may come from the store (under a day old), so its success proves nothing about the network.
        if let error = response.error {
            if error.isOffline { state.isOffline = true }
        } else if entry.request != .sites {
            state.isOffline = false
        }
        switch (entry.purpose, response) {
        case (.listPage(let pagingToken), .questions(let result)):
            return receivePage(result, entry: entry, token: pagingToken) + askForSiteNames()
        case (.detail, .detail(let result)):
            return receiveDetail(result, entry: entry)
        case (.answers, .answers(let result)):
            return receiveAnswers(result, entry: entry)
        case (.comments, .comments(let result)):
            return receiveComments(result, entry: entry)
        case (.sitePicker, .sites(let result)), (.siteNames, .sites(let result)):
            return receiveSites(result, entry: entry)
        default:
            return []
        }
    }

    /// Applies what the store answered or told.
    mutating func receive(stored result: StoreResult) -> [BrowserEffect] {
        switch result {
        case .cachedPage(let cached, let page, let token):
            return receiveCachedPage(cached, page: page, token: token)
        case .cachedDetail(let cached, let site, let questionID):
            return receiveCachedDetail(cached, site: site, questionID: questionID)
        case .bookmarks(let bookmarks):
            return showBookmarks(bookmarks)
        case .personal(let marks, let reason):
            self.marks = marks
            personalUnavailableReason = reason
            return []
        case .notices(let notes, let problem):
            lastWriteProblem = problem
            if !notes.isEmpty { state.notice = notes.joined(separator: " · ") }
            return []
        }
    }

    /// Remembers what a failure says about the API as a whole: a throttle shows as a countdown in the status
    /// bar (in place of its fixed message) until it ends.
    mutating func noteAPIFailure(_ error: APIError) {
        guard case .throttled(let until) = error else { return }
        state.throttledUntil = until
        if state.lastError == error.message { state.lastError = nil }
    }

    /// True while the status bar counts a throttle down (it then redraws every tick).
    var isThrottleCountingDown: Bool {
        guard let until = state.throttledUntil else { return false }
        return until > now
    }
}
