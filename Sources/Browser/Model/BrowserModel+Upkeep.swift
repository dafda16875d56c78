import Foundation
import StackExchange

/// What the model does around the screens' own events: the start, the clock, quitting, and keeping every screen's
/// viewport in bounds after each event.
extension BrowserModel {
    /// The first list page; the site names for the status bar follow its answer (`askForSiteNames`).
    mutating func start() -> [BrowserEffect] {
        guard state.list.loadedPages == 0, !state.list.isLoading(in: ledger) else { return [] }
        guard configuration.startQuestion != nil else {
            let list = loadListPage(1)
            let site = state.list.query.site
            let inbox = withScreen(\.inbox) { $0.start(site: site, in: &$1) }
            return list + inbox + [.read(.remembered)] + WatchState.start(in: context)
        }
        // A link's question goes first; the list beneath it waits for it (`loadListBeneathLinkIfDue`), and so do the
        // inbox and the watches (`startRestIfDue`): the watches' read waits on the main thread for the person's file,
        // which opens at launch beside libcurl's load (4–9 ms, perf sched), and neither is in the question's frame.
        deferredStart = .waitingForQuestion
        return openStartQuestion() + [.read(.remembered)]
    }

    /// The inbox's badge and the watches' schedule, started.
    private mutating func startInboxAndWatches() -> [BrowserEffect] {
        let site = state.list.query.site
        return withScreen(\.inbox) { $0.start(site: site, in: &$1) } + WatchState.start(in: context)
    }

    /// A link's launch: once its question has loaded (or failed, or was left), the inbox and the watches start on the
    /// next turn, after the frame that shows it: after every event.
    mutating func startRestIfDue() -> [BrowserEffect] {
        guard deferredStart == .waitingForQuestion, state.detail?.isLoading != true else { return [] }
        deferredStart = .due
        return [.wake(after: 0)]
    }

    /// Time passed: a comment waiting out the site's rule, the badge and the watches when due, and a debounced
    /// list load that fell due are sent.
    mutating func tick() -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        if deferredStart == .due {
            deferredStart = .none
            effects += startInboxAndWatches()
        }
        let site = state.list.query.site
        effects += postDueComment() + withScreen(\.inbox) { $0.pollIfDue(site: site, in: &$1) } + withScreen(\.watch) { $0.pollIfDue(in: &$1) }
        effects += state.watch.refreshIfDue(in: context)
        effects += withScreen(\.listScreen) { $0.tick(in: &$1) }
        return effects
    }

    /// True while something animates (a spinner, a countdown, a load waiting to be sent).
    public var needsAnimation: Bool {
        state.list.isLoading(in: ledger) || state.list.loadDue != nil || state.detail?.isLoading == true || isThrottleCountingDown
            || state.sitePicker?.isLoading(in: ledger) == true || commentsLoadingSince != nil || isCommentCountingDown
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
