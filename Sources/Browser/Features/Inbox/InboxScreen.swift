import Foundation
import StackExchange

/// The inbox screen (`i`, `Screen.inbox` on the stack) and the status bar's unread badge: `InboxState` is the
/// screen's content, and this is its logic. Its requests go through the context's ledger; opening an item asks the
/// model to open its question (`ScreenTransition.openQuestion`), closing asks it to close the screen.
extension InboxState {
    /// At launch, signed in: the inbox kept from the last run, and the unread badge on the background lane.
    mutating func start(site: String, in context: inout ScreenContext) -> [BrowserEffect] {
        guard context.status.account.isSignedIn else { return [] }
        var effects: [BrowserEffect] = []
        if context.features.inboxStore { effects.append(.read(.inbox)) }
        return effects + pollIfDue(site: site, in: &context)
    }

    /// Asks for the unread count when it is due (at launch, then at most every `pollInterval`), on the background
    /// lane, so the client's backoff and quota hold it back like any prefetch. `site` is the list's.
    mutating func pollIfDue(site: String, in context: inout ScreenContext) -> [BrowserEffect] {
        guard context.status.account.isSignedIn, isPollDue(now: context.now), !context.ledger.isAwaiting(.inboxBadge),
              !context.status.isOffline || lastPolledAt == nil
        else { return [] }
        lastPolledAt = context.now
        let request = BrowserRequest.inbox(unreadOnly: true, site: site)
        return context.ledger.issue(request, lane: .background, purpose: .inboxBadge, at: context.now).effects
    }

    /// True when `i` may show the inbox; else says why not.
    func mayOpen(in context: inout ScreenContext) -> Bool {
        guard context.status.account.isSignedIn else {
            context.say(warning: "sign in to read the inbox: stackterm login")
            return false
        }
        return true
    }

    /// Opens the screen at its top, with what is kept showing while the network's copy comes (asked on `site`).
    mutating func open(site: String, in context: inout ScreenContext) -> [BrowserEffect] {
        selection = 0
        top = 0
        let request = BrowserRequest.inbox(unreadOnly: false, site: site)
        return context.ledger.issue(request, lane: .user, purpose: .inbox, at: context.now).effects
    }

    /// The screen's keys, read through the list's keymap: move, Enter opens, Esc/back/q/`i` close, `r` reloads
    /// (on `site`).
    mutating func perform(_ action: Action, site: String, in context: inout ScreenContext) -> ScreenReply {
        let height = context.bodyHeight
        switch action {
        case .moveUp: selection -= 1
        case .moveDown: selection += 1
        case .pageUp: selection -= max(1, height - 2)
        case .pageDown: selection += max(1, height - 2)
        case .first: selection = 0
        case .last: selection = items.count - 1
        case .open: return openSelectedItem(in: &context)
        case .back, .escape, .quit, .inbox:
            return ScreenReply(close(in: &context), then: .close(.inbox))
        case .reload:
            guard mayOpen(in: &context) else { return ScreenReply(then: .close(.inbox)) }
            return ScreenReply(open(site: site, in: &context))
        default: break
        }
        keepSelectionVisible(height: max(1, height - 1))
        return ScreenReply()
    }

    /// Closing the screen: its load is cancelled if it is in flight.
    mutating func close(in context: inout ScreenContext) -> [BrowserEffect] {
        context.ledger.cancelAll(for: .inbox)
    }

    /// Enter on an item: its question, on the item's own site.
    private mutating func openSelectedItem(in context: inout ScreenContext) -> ScreenReply {
        guard let item = selectedItem, let questionID = item.questionID else { return ScreenReply() }
        // An unread item opened is read: the badge counts one fewer at once (the next poll says the site's count).
        if item.isUnread {
            items[selection].isUnread = false
            unreadCount = unreadCount.map { max(0, $0 - 1) }
        }
        // The status bar names the item's own site, by the name the item carries until the site list comes.
        let site = item.site.apiSiteParameter
        if context.status.siteNames[site] == nil { context.status.siteNames[site] = PlainText.decode(item.site.name) }
        let question = Question(questionID: questionID, title: item.title, link: item.link, creationDate: item.creationDate)
        // The item's link is kept only as far as `QuestionLink` finds it clean when it is copied or opened.
        return ScreenReply(then: .openQuestion(question, site: site))
    }

    /// The inbox's or the badge's answer (`request` tells which).
    mutating func receive(
        _ result: Result<[InboxItem], APIError>, for request: BrowserRequest, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard let unreadOnly = request.as(BrowserRequest.Inbox.self)?.unreadOnly else { return [] }
        switch result {
        case .success(let items) where unreadOnly:
            unreadCount = items.count
            return [.wake(after: Self.pollInterval)]
        case .success(let items):
            self.items = items
            isFromStore = false
            phase = .loaded
            unreadCount = items.filter(\.isUnread).count
            keepSelectionVisible(height: max(1, context.bodyHeight - 1))
            return context.features.inboxStore ? [.write(.inbox(items))] : []
        case .failure(let error):
            if unreadOnly { return [.wake(after: Self.pollInterval)] }
            phase = .failed(error.message)
            context.lastError = error.message
            return []
        }
    }

    /// The inbox kept from the last run: shown until (and unless) the network's arrives.
    mutating func receiveStored(_ items: [InboxItem]) {
        guard self.items.isEmpty, !items.isEmpty else { return }
        self.items = items
        isFromStore = true
        if unreadCount == nil { unreadCount = items.filter(\.isUnread).count }
    }

    /// The sign-in ended: no badge (the model closes the screen).
    mutating func signedOut() {
        unreadCount = nil
    }
}
