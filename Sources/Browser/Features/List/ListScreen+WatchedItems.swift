import StackExchange

/// A watch's new items (Enter on the `W` screen), shown by the list in place of the question list, which waits
/// underneath as it was; back leaves them for the `W` screen.
extension ListScreen {
    /// Shows `rows` (the watch screen chose them: `ScreenTransition.showWatchedItems`) in place of the list showing,
    /// which waits with nothing in flight; the status bar says `notice`.
    mutating func showWatchedItems(_ rows: [ListRow], notice: String, in context: inout ScreenContext) -> [BrowserEffect] {
        let effects = stopLoading(in: &context)
        let saved = list
        var shown = ListState(query: saved.query)
        for action in shown.paging.localListShown(Page(items: rows.map(\.question), hasMore: false), .init()) {
            if case .show(_, let number, _) = action { shown.show(rows: rows, number: number) }
        }
        listUnderWatchedItems = saved
        list = shown
        context.notice = notice
        return effects
    }

    /// Leaves a watch's new items for the question list as it was.
    mutating func closeWatchedItems(in context: inout ScreenContext) {
        guard let saved = listUnderWatchedItems else { return }
        list = saved
        listUnderWatchedItems = nil
        context.notice = nil
    }

    /// What the list keys do in a watch's new items: back, Esc and `q` return to the `W` screen; what would page,
    /// sort, filter or search them does nothing. Nil for the actions the question list handles.
    mutating func performInWatchedItems(_ action: Action, in context: inout ScreenContext) -> ScreenReply? {
        switch action {
        case .back, .escape, .quit:
            closeWatchedItems(in: &context)
            return ScreenReply(then: .openWatches)
        case .nextPage, .reload, .cycleSort, .filterTag, .search, .searchStore, .bookmarks:
            return ScreenReply()
        default:
            return nil
        }
    }

    /// What `w` on the list watches: its search, else its tag filter, else the selected question.
    var watchTarget: WatchTarget {
        if let text = list.query.searchText, !text.isEmpty, !list.query.searchesStore {
            return .search(site: list.query.site, text: text)
        }
        if !list.query.tags.isEmpty { return .tags(site: list.query.site, list.query.tags) }
        if let row = list.selectedRow { return .question(site: site(of: row), id: row.questionID, title: row.plainTitle, link: row.link) }
        return .nothing
    }
}
