import Foundation
import StackExchange

extension BrowserModel {
    /// At launch, signed in: the inbox kept from the last run, and the unread badge on the background lane.
    mutating func startInbox() -> [BrowserEffect] {
        guard state.account.isSignedIn else { return [] }
        var effects: [BrowserEffect] = []
        if features.inboxStore { effects.append(.read(.inbox)) }
        return effects + pollInboxIfDue()
    }

    /// Asks for the unread count when it is due (at launch, then at most every `InboxState.pollInterval`), on
    /// the background lane, so the client's backoff and quota hold it back like any prefetch.
    mutating func pollInboxIfDue() -> [BrowserEffect] {
        guard state.account.isSignedIn, state.inbox.isPollDue(now: now), !ledger.isAwaiting(.inboxBadge),
              !state.isOffline || state.inbox.lastPolledAt == nil
        else { return [] }
        state.inbox.lastPolledAt = now
        let request = BrowserRequest.inbox(unreadOnly: true, site: state.list.query.site)
        return ledger.issue(request, lane: .background, purpose: .inboxBadge, at: now).effects
    }

    /// `i`: the inbox screen, with what is kept showing while the network's copy comes.
    mutating func openInbox() -> [BrowserEffect] {
        guard state.account.isSignedIn else {
            state.say(warning: "sign in to read the inbox: stackterm login")
            return []
        }
        var effects = closeDetail()
        state.inbox.isShown = true
        state.inbox.selection = 0
        state.inbox.top = 0
        let request = BrowserRequest.inbox(unreadOnly: false, site: state.list.query.site)
        let issue = ledger.issue(request, lane: .user, purpose: .inbox, at: now)
        if !issue.joined { state.inbox.phase = .loading(startedAt: now) }
        return effects + issue.effects
    }

    /// The inbox screen's keys, read through the list's keymap: move, Enter opens, Esc/back/q/`i` close.
    mutating func performInInbox(_ action: Action) -> [BrowserEffect] {
        let count = state.inbox.items.count
        switch action {
        case .moveUp: state.inbox.selection -= 1
        case .moveDown: state.inbox.selection += 1
        case .pageUp: state.inbox.selection -= max(1, bodyHeight - 2)
        case .pageDown: state.inbox.selection += max(1, bodyHeight - 2)
        case .first: state.inbox.selection = 0
        case .last: state.inbox.selection = count - 1
        case .open: return openInboxItem()
        case .back, .escape, .quit, .inbox:
            state.inbox.isShown = false
            return ledger.cancelAll(for: .inbox)
        case .reload:
            state.inbox.isShown = false
            return openInbox()
        default: break
        }
        state.inbox.keepSelectionVisible(height: max(1, bodyHeight - 1))
        return []
    }

    /// Enter on an inbox item: its question, on the item's own site.
    mutating func openInboxItem() -> [BrowserEffect] {
        guard let item = state.inbox.selectedItem, let questionID = item.questionID else { return [] }
        // An unread item opened is read: the badge counts one fewer at once (the next poll says the site's count).
        if item.isUnread {
            state.inbox.items[state.inbox.selection].isUnread = false
            state.inbox.unreadCount = state.inbox.unreadCount.map { max(0, $0 - 1) }
        }
        let question = Question(questionID: questionID, title: item.title, link: item.link, creationDate: item.creationDate)
        // The item's link is kept only as far as `QuestionLink` finds it clean when it is copied or opened.
        return openDetail(question, site: item.site.apiSiteParameter)
    }

    /// The inbox or the badge's answer.
    mutating func receiveInbox(_ result: Result<[InboxItem], APIError>, entry: RequestLedger.Entry) -> [BrowserEffect] {
        guard case .inbox(let unreadOnly, _) = entry.request else { return [] }
        switch result {
        case .success(let items) where unreadOnly:
            state.inbox.unreadCount = items.count
            return [.wake(after: InboxState.pollInterval)]
        case .success(let items):
            state.inbox.items = items
            state.inbox.isFromStore = false
            state.inbox.phase = .loaded
            state.inbox.unreadCount = items.filter(\.isUnread).count
            state.inbox.keepSelectionVisible(height: max(1, bodyHeight - 1))
            return features.inboxStore ? [.write(.inbox(items))] : []
        case .failure(let error):
            if unreadOnly { return [.wake(after: InboxState.pollInterval)] }
            state.inbox.phase = .failed(error.message)
            state.lastError = error.message
            return []
        }
    }

    /// The inbox kept from the last run: shown until (and unless) the network's arrives.
    mutating func receiveStoredInbox(_ items: [InboxItem]) -> [BrowserEffect] {
        guard state.inbox.items.isEmpty, !items.isEmpty else { return [] }
        state.inbox.items = items
        state.inbox.isFromStore = true
        if state.inbox.unreadCount == nil { state.inbox.unreadCount = items.filter(\.isUnread).count }
        return []
    }
}
