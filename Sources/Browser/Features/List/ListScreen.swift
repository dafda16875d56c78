import StackExchange

/// The question list screen: the list showing (`ListState`, with its `PagingMachine`), the lists a tag filter or a
/// search was applied over (back returns to them), and the bookmarks while they show in its place. It sends its
/// pages through the context's ledger; opening a question, a prompt, the picker or the inbox, and the marks it
/// toggles, are `ScreenTransition`s the model carries out.
public struct ListScreen: Equatable, Sendable {
    /// The list showing.
    public var list: ListState
    /// The lists a tag filter or a search was applied over, newest last: back returns to them as they were.
    public var trail: [ListState] = []
    /// The bookmarks list, while it is showing in place of the question list.
    public var bookmarks: BookmarksScreen?
    /// The list under a watch's new items (Enter on the `W` screen), while they show in its place.
    public internal(set) var listUnderWatchedItems: ListState?

    /// How many lists back returns through.
    static let trailDepth = 20

    public init(list: ListState) {
        self.list = list
    }

    /// The site of a list row: its own in the bookmarks (a list of several sites), else the list's.
    func site(of row: ListRow) -> String {
        row.site ?? list.query.site
    }

    /// The question rows under the column header, on a screen of `context`'s size.
    static func height(in context: ScreenContext) -> Int {
        ListView.listHeight(bodyHeight: context.bodyHeight)
    }

    /// What each action does on the list screen.
    mutating func perform(_ action: Action, in context: inout ScreenContext) -> ScreenReply {
        if listUnderWatchedItems != nil, let reply = performInWatchedItems(action, in: &context) { return reply }
        if bookmarks != nil, let reply = performInBookmarks(action, in: &context) { return reply }
        let pageRows = max(1, Self.height(in: context) - 1)
        switch action {
        case .moveUp:
            list.moveSelection(by: -1)
        case .moveDown, .pageDown:
            var effects: [BrowserEffect] = []
            if list.isSelectionOnLastRow {
                effects = loadNextPage(in: &context)
            } else {
                list.moveSelection(by: action == .moveDown ? 1 : pageRows)
            }
            return ScreenReply(effects + prefetchIfNeeded(in: &context))
        case .pageUp:
            list.moveSelection(by: -pageRows)
        case .first:
            list.selectFirst()
        case .last:
            list.selectLast()
            return ScreenReply(prefetchIfNeeded(in: &context))
        case .open:
            guard let row = list.selectedRow else { return ScreenReply() }
            return ScreenReply(then: .openListedQuestion(row.question, site: site(of: row)))
        case .back:
            return ScreenReply(leaveFilter(in: &context))
        case .escape:
            if list.isLoading(in: context.ledger) {
                return ScreenReply(carryOut(list.paging.cancelled(inFlight(in: context)), in: &context))
            }
            context.notice = nil
            return ScreenReply(leaveFilter(in: &context))
        case .nextPage:
            return ScreenReply(loadNextPage(in: &context))
        case .reload:
            return ScreenReply(reloadList(in: &context))
        case .cycleSort:
            return ScreenReply(cycleSort(in: &context))
        case .filterTag:
            return ScreenReply(then: .openPrompt(.tag, text: list.query.tags.joined(separator: " ")))
        case .search:
            // Offline (`--offline`, or the network gone), `/` searches what the store holds.
            let kind: PromptState.Kind = context.status.isOffline || context.configuration.startsOffline ? .storeSearch : .search
            return ScreenReply(then: .openPrompt(kind, text: list.query.searchText ?? ""))
        case .searchStore:
            return ScreenReply(then: .openPrompt(.storeSearch, text: list.query.searchText ?? ""))
        case .openInBrowser:
            guard let row = list.selectedRow else { return ScreenReply() }
            return ScreenReply([.openURL(context.link(of: row.question, site: site(of: row)))])
        case .toggleHelp:
            return ScreenReply(then: .openHelp)
        case .toggleRead:
            guard let row = list.selectedRow else { return ScreenReply() }
            return ScreenReply(then: .toggleRead(row.question, site: site(of: row)))
        case .bookmark:
            guard let row = list.selectedRow else { return ScreenReply() }
            return ScreenReply(then: .toggleBookmark(row.question, site: site(of: row)))
        case .bookmarks:
            return ScreenReply(openBookmarks(in: &context))
        case .quit:
            return ScreenReply(then: .quit)
        case .copyLink:
            guard let row = list.selectedRow else { return ScreenReply() }
            return ScreenReply(context.copyLink(of: row.question, site: site(of: row)))
        case .sites:
            return ScreenReply(then: .openSitePicker)
        case .inbox:
            return ScreenReply(then: .openInbox)
        case .comments, .copyCode, .codeRight, .codeLeft, .find, .findNext, .findPrevious, .nextPost, .previousPost, .upvote, .downvote,
             .favorite, .comment, .messages, .followLink, .watch, .watches, .answer, .edit, .togglePictures:
            break  // Detail-screen actions.
        case .ask, .drafts, .post, .keepDraft, .discard:
            break  // The writing screens' (the model opens them).
        }
        return ScreenReply()
    }

    /// A click on screen row `row`: selects the row under it, or opens it when it is selected already.
    mutating func click(row: Int, in context: inout ScreenContext) -> ScreenReply {
        let index = list.scrollOffset + row - ListView.headerRows
        guard row >= ListView.headerRows, list.rows.indices.contains(index) else { return ScreenReply() }
        if index == list.selection { return perform(.open, in: &context) }
        list.moveSelection(by: index - list.selection)
        return ScreenReply(prefetchIfNeeded(in: &context))
    }

    /// Keeps the selection on screen (after every event).
    mutating func keepSelectionVisible(in context: ScreenContext) {
        list.keepSelectionVisible(height: Self.height(in: context))
    }
}
