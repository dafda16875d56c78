import StackExchange
import StorePorts

/// The bookmarks (`B`): read from the store and shown in place of the question list, which waits underneath.
extension ListScreen {
    /// `B`: asks the store for the bookmarks of every site (no request); `B` again leaves.
    func openBookmarks(in context: inout ScreenContext) -> [BrowserEffect] {
        guard context.features.personal else {
            context.lastError = BrowserModel.noPersonalData
            return []
        }
        return [.read(.bookmarks)]
    }

    /// Shows the bookmarks, newest first, in place of the question list, which waits with nothing in flight; `problem`
    /// (the bookmarks whose question could not be read) is the error line.
    mutating func showBookmarks(_ bookmarked: [Bookmark], problem: String? = nil, in context: inout ScreenContext) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        let isReload = bookmarks != nil
        let selection = list.selection
        if !isReload { effects = stopLoading(in: &context) }
        let saved = bookmarks?.savedList ?? list
        var shown = ListState(query: saved.query)
        for action in shown.paging.localListShown(Page(items: bookmarked.map(\.question), hasMore: false), .init()) {
            // Each row keeps its bookmark's site: ids repeat across sites.
            if case .show(_, let number, _) = action {
                shown.show(rows: bookmarked.map { ListRow($0.question, site: $0.site) }, number: number)
            }
        }
        if isReload { shown.selection = min(selection, max(0, shown.rows.count - 1)) }
        bookmarks = BookmarksScreen(savedList: saved)
        list = shown
        context.notice = bookmarked.isEmpty && problem == nil ? "no bookmarks yet — b bookmarks a question" : nil
        if let problem { context.lastError = problem }
        return effects
    }

    /// Leaves the bookmarks list for the question list as it was.
    mutating func closeBookmarks(in context: inout ScreenContext) -> [BrowserEffect] {
        guard let screen = bookmarks else { return [] }
        list = screen.savedList
        bookmarks = nil
        context.notice = nil
        return []
    }

    /// What the list keys do in the bookmarks list; nil for the actions the question list handles.
    mutating func performInBookmarks(_ action: Action, in context: inout ScreenContext) -> ScreenReply? {
        switch action {
        case .back, .escape, .quit, .bookmarks:
            return ScreenReply(closeBookmarks(in: &context))
        case .reload:
            return ScreenReply(openBookmarks(in: &context))
        case .nextPage, .cycleSort, .filterTag, .search, .searchStore:
            return ScreenReply()
        default:
            return nil
        }
    }
}
