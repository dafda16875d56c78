public import Foundation

/// How the model lends the shared context to a screen, and carries out the moves screens ask for.
extension BrowserModel {
    /// Every request in flight, with what it is for.
    public internal(set) var ledger: RequestLedger {
        get { context.ledger }
        set { context.ledger = newValue }
    }

    /// The time of the event being handled (or the last one).
    public internal(set) var now: Date {
        get { context.now }
        set { context.now = newValue }
    }

    /// The screen size key handling works in (page moves, scroll bounds); set by `.resize`.
    public var width: Int { context.width }
    public var height: Int { context.height }
    public var configuration: BrowserConfiguration { context.configuration }
    /// How near the end of the list the selection must come for the next page to be prefetched; 0 turns it off.
    public var prefetchDistance: Int {
        get { context.prefetchDistance }
        set { context.prefetchDistance = newValue }
    }
    public var features: BrowserFeatures { context.features }

    /// The layouts key handling reads (the open document's lines, links and posts): the memo lent for this
    /// event, or a fresh one outside an event (the same layouts, laid out again).
    var layouts: LayoutMemo { context.layouts }
    var keymap: Keymap { configuration.keymap }
    /// The rows above the status bar.
    var bodyHeight: Int { context.bodyHeight }
    /// The question rows under the list's column header.
    var listHeight: Int { ListView.listHeight(bodyHeight: bodyHeight) }

    /// Lends the screen's state at `path`, with the context (and in it what the status bar shows), to `body`:
    /// the screen sees its own state and what the screens share, nothing else. Both are lent in place.
    mutating func withScreen<Value, Result>(
        _ path: WritableKeyPath<BrowserScreens, Value>, _ body: (inout Value, inout ScreenContext) -> Result
    ) -> Result {
        body(&state.screens[keyPath: path], &state.shared)
    }

    /// A screen's reply: its effects, then the move it asked for.
    mutating func carryOut(_ reply: ScreenReply) -> [BrowserEffect] {
        guard let transition = reply.transition else { return reply.effects }
        return reply.effects + go(transition)
    }

    /// Quitting: everything in flight is cancelled; the runner then restores the terminal and exits 0.
    mutating func quit() -> [BrowserEffect] {
        isQuitRequested = true
        return shutdown()
    }

    /// Carries out a move from one screen to another.
    mutating func go(_ transition: ScreenTransition) -> [BrowserEffect] {
        switch transition {
        case .openHelp: return openHelp()
        case .close(let screen):
            state.stack.remove(screen)
            return []
        case .openQuestion(let question, let site): return openDetail(question, site: site)
        case .openListedQuestion(let question, let site):
            return state.watch.markSeen(site: site, questionID: question.questionID) + openDetail(question, site: site)
        case .closeQuestion: return closeDetail()
        case .browseSite(let site):
            state.stack.remove(.sitePicker)
            return switchSite(to: site)
        case .openPrompt(let kind, let text):
            openPrompt(kind, text: text)
            return []
        case .openSitePicker: return openSitePicker()
        case .openInbox: return openInbox()
        case .openWatches: return openWatches()
        case .showWatchedItems(let rows, let notice):
            state.stack.remove(.watches)
            return withScreen(\.listScreen) { $0.showWatchedItems(rows, notice: notice, in: &$1) }
        case .toggleRead(let question, let site): return toggleRead(question, site: site)
        case .toggleBookmark(let question, let site): return toggleBookmark(question, site: site)
        case .writeLanded(let post, let site, let target): return showLanded(post, site: site, target: target)
        case .quit: return quit()
        }
    }
}
