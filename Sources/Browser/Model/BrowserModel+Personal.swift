import StackExchange
import StorePorts

extension BrowserModel {
    /// The site of a list row: its own in the bookmarks (a list of several sites), else the list's.
    func site(of row: ListRow) -> String {
        row.site ?? state.list.query.site
    }

    /// How the list marks rows: read ones dim, bookmarked ones with a star, each by its site and id.
    var rowMarks: RowMarks {
        guard features.personal else { return RowMarks() }
        let marks = marks
        let site = state.list.query.site
        return RowMarks(
            isRead: { marks.read.contains(SiteQuestion(site: $0.site ?? site, questionID: $0.questionID)) },
            isBookmarked: { marks.bookmarked.contains(SiteQuestion(site: $0.site ?? site, questionID: $0.questionID)) }
        )
    }

    /// Marks a question read or unread, in the model at once and in the store in the background.
    mutating func setRead(_ read: Bool, site: String, questionID: Int) -> [BrowserEffect] {
        guard features.personal else { return [] }
        let key = SiteQuestion(site: site, questionID: questionID)
        let changed = read ? marks.read.insert(key).inserted : marks.read.remove(key) != nil
        guard changed else { return [] }
        writesAwaitingStore += 1
        return [.write(.setRead(read, site: site, questionID: questionID))]
    }

    /// `m`: marks `question` of `site` read, or unread when it was.
    mutating func toggleRead(_ question: Question, site: String) -> [BrowserEffect] {
        guard features.personal else { return say(error: Self.noPersonalData) }
        let isRead = marks.read.contains(SiteQuestion(site: site, questionID: question.questionID))
        return setRead(!isRead, site: site, questionID: question.questionID)
    }

    /// `b`: bookmarks `question` of `site`, or removes its bookmark. The status bar says `bookmarking…` until the
    /// store says the change is on disk (`confirmWrite`): a write waiting for another program's lock is not done.
    mutating func toggleBookmark(_ question: Question, site: String) -> [BrowserEffect] {
        guard features.personal else { return say(error: Self.noPersonalData) }
        if let reason = personalUnavailableReason { return say(error: reason) }
        let key = SiteQuestion(site: site, questionID: question.questionID)
        let isBookmarked = marks.bookmarked.contains(key)
        if isBookmarked { marks.bookmarked.remove(key) } else { marks.bookmarked.insert(key) }
        state.notice = Self.bookmarkNotice(!isBookmarked, saved: false)
        writesAwaitingStore += 1
        return [.write(.setBookmarked(!isBookmarked, question: question, site: site))]
    }

    /// What the status bar says of a bookmark change, before and after the store wrote it.
    static func bookmarkNotice(_ bookmarked: Bool, saved: Bool) -> String {
        switch (bookmarked, saved) {
        case (true, false): "bookmarking…"
        case (true, true): "bookmarked"
        case (false, false): "removing bookmark…"
        case (false, true): "bookmark removed"
        }
    }

    /// What the status bar says while quitting waits for the store's writes.
    static let savingNotice = "saving…"

    /// The store finished a write: nil `problem` means it is on disk. A failed bookmark change is always said (the
    /// person just asked for it); a failed read mark is said once per problem (opening ten questions on a full disk
    /// says it once). The change stays in memory for this run either way; quitting lists what was not saved.
    mutating func confirmWrite(_ write: StoreWrite, problem: String?) -> [BrowserEffect] {
        writesAwaitingStore = max(0, writesAwaitingStore - 1)
        var bookmarked: Bool?
        if case .setBookmarked(let on, _, _) = write { bookmarked = on }
        let saying = bookmarked.map { state.notice == Self.bookmarkNotice($0, saved: false) } ?? false
        guard let problem else {
            if saying, let bookmarked { state.notice = Self.bookmarkNotice(bookmarked, saved: true) }
            return []
        }
        if saying { state.notice = nil }
        if bookmarked != nil || problem != lastWriteProblem { state.lastError = problem }
        lastWriteProblem = problem
        return []
    }

    static let noPersonalData = "bookmarks and read marks are off in this run"

    /// `B`: asks the store for the bookmarks of every site (no request); `B` again leaves.
    mutating func openBookmarks() -> [BrowserEffect] {
        guard features.personal else { return say(error: Self.noPersonalData) }
        return [.read(.bookmarks)]
    }

    /// Shows the bookmarks, newest first, in place of the question list, which waits with nothing in flight.
    mutating func showBookmarks(_ bookmarks: [Bookmark]) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        let isReload = state.bookmarks != nil
        let selection = state.list.selection
        if !isReload {
            state.list.loadDue = nil
            effects = carryOut(state.list.paging.cancelPrefetch()) + carryOut(state.list.paging.cancelled())
        }
        let saved = state.bookmarks?.savedList ?? state.list
        var list = ListState(query: saved.query)
        for action in list.paging.localListShown(Page(items: bookmarks.map(\.question), hasMore: false)) {
            // Each row keeps its bookmark's site: ids repeat across sites.
            if case .show(_, let number, _) = action { list.show(rows: bookmarks.map { ListRow($0.question, site: $0.site) }, number: number) }
        }
        if isReload { list.selection = min(selection, max(0, list.rows.count - 1)) }
        state.bookmarks = BookmarksScreen(savedList: saved)
        state.list = list
        state.notice = bookmarks.isEmpty ? "no bookmarks yet — b bookmarks a question" : nil
        return effects
    }

    /// Leaves the bookmarks list for the question list as it was.
    mutating func closeBookmarks() -> [BrowserEffect] {
        guard let screen = state.bookmarks else { return [] }
        state.list = screen.savedList
        state.bookmarks = nil
        state.notice = nil
        return []
    }

    /// What the list keys do in the bookmarks list; nil for the actions the question list handles.
    mutating func performInBookmarks(_ action: Action) -> [BrowserEffect]? {
        switch action {
        case .back, .escape, .quit, .bookmarks:
            return closeBookmarks()
        case .reload:
            return openBookmarks()
        case .nextPage, .cycleSort, .filterTag, .search, .searchStore:
            return []
        default:
            return nil
        }
    }
}
