import Foundation
import StackExchange

/// What the model does around the screens' own events: the start, the clock, quitting, and keeping every screen's
/// viewport in bounds after each event.
extension BrowserModel {
    /// The first list page; the site names for the status bar follow its answer (`askForSiteNames`).
    mutating func start() -> [BrowserEffect] {
        guard state.list.loadedPages == 0, !state.list.isLoading else { return [] }
        // A link's question goes first; the list beneath it waits for it (`loadListBeneathLinkIfDue`).
        let list = configuration.startQuestion == nil ? loadListPage(1) : []
        let site = state.list.query.site
        let inbox = withScreen(\.inbox) { $0.start(site: site, in: &$1) }
        // A link's question before the rest: each read below waits on the main thread for its file.
        let question = openStartQuestion()
        return list + question + inbox + [.read(.remembered)] + WatchState.start(in: context)
    }

    /// Time passed: a comment waiting out the site's rule, the badge and the watches when due, and a debounced
    /// list load that fell due are sent.
    mutating func tick() -> [BrowserEffect] {
        let site = state.list.query.site
        var effects = postDueComment() + withScreen(\.inbox) { $0.pollIfDue(site: site, in: &$1) } + withScreen(\.watch) { $0.pollIfDue(in: &$1) }
        effects += withScreen(\.listScreen) { $0.tick(in: &$1) }
        return effects
    }

    /// True while something animates (a spinner, a countdown, a load waiting to be sent).
    public var needsAnimation: Bool {
        state.list.isLoading || state.list.loadDue != nil || state.detail?.isLoading == true || isThrottleCountingDown
            || state.sitePicker?.isLoading == true || commentsLoadingSince != nil || isCommentCountingDown
    }

    /// What the last frame showed, for the trace's frame event.
    public var frameInfo: FrameInfo {
        FrameInfo(screen: state.screenName, rows: state.list.rows.count, selected: state.list.selection)
    }

    /// Cancels everything in flight (quitting).
    mutating func shutdown() -> [BrowserEffect] {
        state.detailScreen.shutdown()
        if writesAwaitingStore > 0 {
            state.lastError = nil
            state.notice = Self.savingNotice
        }
        let effects = withScreen(\.listScreen) { $0.stopLoading(in: &$1) }
        return effects + ledger.cancelEverything()
    }

    /// Keeps what key handling relies on within the screen: the list's and the picker's selection visible,
    /// the detail's scroll within its document. Done after every event, never by drawing.
    mutating func settleViewport() {
        state.listScreen.keepSelectionVisible(in: context)
        state.sitePickerScreen.keepSelectionVisible(bodyHeight: bodyHeight)
        state.detailScreen.settle(in: context)
    }
}
