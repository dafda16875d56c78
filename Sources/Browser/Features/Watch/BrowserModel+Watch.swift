import StackExchange

/// The watch screen's way through the model (`WatchState`, `Sources/Browser/Screens/Watch`): the model routes the
/// watch keys to it with what the screens showing say, opens the `W` screen, and tells it which list shows.
extension BrowserModel {
    /// The watch actions wherever they are pressed (the `W` screen's own keys go to it while it is on top); nil for
    /// what the screen showing handles.
    mutating func performWatch(_ action: Action) -> [BrowserEffect]? {
        let site = state.list.query.site
        switch action {
        case .watch:
            let target = state.detail.map {
                WatchTarget.question(site: $0.site, id: $0.questionID, title: $0.question.plainTitle, link: $0.question.link)
            } ?? state.listScreen.watchTarget
            return withScreen(\.watch) { $0.toggle(target, defaultSite: site, in: &$1) }
        case .watches:
            return openWatches()
        case .reload where state.actionScreen == .list && state.listScreen.listUnderWatchedItems == nil:
            state.watch.listReloaded(in: context)
            return nil
        default:
            return nil
        }
    }

    /// `W`: the watched items screen, over the list (a question open is closed first, as the inbox does).
    mutating func openWatches() -> [BrowserEffect] {
        let effects = closeDetail()
        withScreen(\.listScreen) { $0.closeWatchedItems(in: &$1) }
        state.watch.screen = WatchesScreen()
        state.stack.push(.watches)
        return effects
    }

    /// A watch write the store carried out (`WatchKeeping.inBackground`): quitting waits no more for it, and new
    /// items kept are read back as the data file has them.
    mutating func watchWritten(_ change: WatchWrite) -> [BrowserEffect] {
        writesAwaitingStore = max(0, writesAwaitingStore - 1)
        if case .addNew = change { return [.read(.watchItems)] }
        return []
    }

    /// Counts the watch writes among `effects` as waiting for the store (quitting says `saving…`).
    mutating func noteWatchWrites(_ effects: [BrowserEffect]) {
        for case .write(.watch) in effects { writesAwaitingStore += 1 }
    }

    /// After every event: tells the watch screen which list the person is looking at, if one is.
    mutating func noteListShown() -> [BrowserEffect] {
        let showing = state.actionScreen == .list && state.listScreen.listUnderWatchedItems == nil && state.bookmarks == nil
            && !isQuitRequested
        return state.watch.noteListShown(showing ? state.list.query : nil, in: context)
    }
}
