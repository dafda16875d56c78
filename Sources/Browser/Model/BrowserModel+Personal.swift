import StackExchange
import StorePorts

extension BrowserModel {
    /// The site `question` belongs to: the open detail's, its bookmark's in the bookmarks list, else the list's.
    func site(of question: Question) -> String {
        if let detail = state.detail, detail.questionID == question.questionID { return detail.site }
        return state.bookmarks?.sites[question.questionID] ?? state.list.query.site
    }

    /// How the list marks rows: read ones dim, bookmarked ones with a star.
    var rowMarks: RowMarks {
        guard features.personal else { return RowMarks() }
        let marks = marks
        let site = state.list.query.site
        let sites = state.bookmarks?.sites
        return RowMarks(
            isRead: { marks.read.contains(SiteQuestion(site: sites?[$0.questionID] ?? site, questionID: $0.questionID)) },
            isBookmarked: {
                marks.bookmarked.contains(SiteQuestion(site: sites?[$0.questionID] ?? site, questionID: $0.questionID))
            }
        )
    }

    /// Marks a question read or unread, in the model at once and in the store in the background.
    mutating func setRead(_ read: Bool, site: String, questionID: Int) -> [BrowserEffect] {
        guard features.personal else { return [] }
        let key = SiteQuestion(site: site, questionID: questionID)
        let changed = read ? marks.read.insert(key).inserted : marks.read.remove(key) != nil
        return changed ? [.write(.setRead(read, site: site, questionID: questionID))] : []
    }

    /// `m`: marks `question` read, or unread when it was.
    mutating func toggleRead(_ question: Question) -> [BrowserEffect] {
        guard features.personal else { return say(error: Self.noPersonalData) }
        let site = site(of: question)
        let isRead = marks.read.contains(SiteQuestion(site: site, questionID: question.questionID))
        return setRead(!isRead, site: site, questionID: question.questionID)
    }

    /// `b`: bookmarks `question`, or removes its bookmark.
    mutating func toggleBookmark(_ question: Question) -> [BrowserEffect] {
        guard features.personal else { return say(error: Self.noPersonalData) }
        if let reason = personalUnavailableReason { return say(error: reason) }
        let site = site(of: question)
        let key = SiteQuestion(site: site, questionID: question.questionID)
        let isBookmarked = marks.bookmarked.contains(key)
        if isBookmarked { marks.bookmarked.remove(key) } else { marks.bookmarked.insert(key) }
        let change = isBookmarked ? "bookmark removed" : "bookmarked"
        // After a write failed, never claim a change is kept that may not reach the disk.
        state.notice = lastWriteProblem == nil ? change : "\(change) for this run only (the last change could not be saved)"
        return [.write(.setBookmarked(!isBookmarked, question: question, site: site))]
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
            if case .show(let page, let number, _) = action { list.show(page, number: number) }
        }
        if isReload { list.selection = min(selection, max(0, list.rows.count - 1)) }
        state.bookmarks = BookmarksScreen(
            savedList: saved, sites: Dictionary(bookmarks.map { ($0.question.questionID, $0.site) }) { first, _ in first })
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
        case .nextPage, .cycleSort, .filterTag, .search:
            return []
        default:
            return nil
        }
    }
}
