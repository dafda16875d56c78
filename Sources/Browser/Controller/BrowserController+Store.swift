import StackExchange

extension BrowserController {
    /// The questions door, when it keeps a store behind it.
    var questionCache: (any CachedQuestionsDataManaging)? { questions as? any CachedQuestionsDataManaging }
    /// The detail door, when it keeps a store behind it.
    var detailCache: (any CachedQuestionDetailDataManaging)? { details as? any CachedQuestionDetailDataManaging }

    /// Puts the store's one-time notices (a damaged cache replaced, no cache, no bookmarks) in the status bar.
    func showStoreNotices() {
        let notes = [questionCache?.takeStoreNotice(), personal?.unavailableReason].compactMap { $0 }
        if !notes.isEmpty { state.notice = notes.joined(separator: " · ") }
    }

    /// Puts a store problem found after start in the status bar, once: a write that met a full or read-only
    /// disk (the cache then turned off, or a bookmark kept for this run only), or damage the background check found.
    func showLaterStoreNotices() {
        let notes = [questionCache?.takeStoreNotice(), personal?.takeWriteNotice()].compactMap { $0 }
        if !notes.isEmpty { state.notice = notes.joined(separator: " · ") }
    }

    /// The site `question` belongs to: its bookmark's site in the bookmarks list, else the list's site.
    func site(of question: Question) -> String {
        state.bookmarks?.sites[question.questionID] ?? state.list.query.site
    }

    /// How the list marks rows: read ones dim, bookmarked ones with a star.
    var rowMarks: RowMarks {
        guard let personal else { return RowMarks() }
        let site = state.list.query.site
        let sites = state.bookmarks?.sites
        return RowMarks(
            isRead: { personal.isRead(site: sites?[$0.questionID] ?? site, questionID: $0.questionID) },
            isBookmarked: { personal.isBookmarked(site: sites?[$0.questionID] ?? site, questionID: $0.questionID) }
        )
    }

    /// `m`: marks `question` read, or unread when it was.
    func toggleRead(_ question: Question) {
        guard let personal else { return noPersonalData() }
        let site = site(of: question)
        personal.setRead(!personal.isRead(site: site, questionID: question.questionID), site: site, questionID: question.questionID)
    }

    /// `b`: bookmarks `question`, or removes its bookmark.
    func toggleBookmark(_ question: Question) {
        guard let personal else { return noPersonalData() }
        if let reason = personal.unavailableReason {
            state.lastError = reason
            return
        }
        let site = site(of: question)
        let isBookmarked = personal.isBookmarked(site: site, questionID: question.questionID)
        personal.setBookmarked(!isBookmarked, question: question, site: site)
        let change = isBookmarked ? "bookmark removed" : "bookmarked"
        // After a write failed, never claim a change is kept that may not reach the disk.
        state.notice = personal.lastWriteProblem == nil ? change : "\(change) for this run only (the last change could not be saved)"
    }

    private func noPersonalData() {
        state.lastError = "bookmarks and read marks are off in this run"
    }

    /// `B`: shows the bookmarks of every site, newest first, from the store (no request); `B` again leaves.
    func openBookmarks() {
        guard let personal else { return noPersonalData() }
        // The question list waits underneath with nothing in flight (`n` or `r` resumes it).
        if state.bookmarks == nil {
            cancelPrefetch()
            cancelListLoad()
        }
        let saved = state.bookmarks?.savedList ?? state.list
        let bookmarks = personal.bookmarks()
        var list = ListState(query: saved.query)
        for action in list.paging.localListShown(Page(items: bookmarks.map(\.question), hasMore: false)) {
            if case .show(let page, let number, _) = action { list.show(page, number: number) }
        }
        state.bookmarks = BookmarksScreen(
            savedList: saved, sites: Dictionary(bookmarks.map { ($0.question.questionID, $0.site) }) { first, _ in first })
        state.list = list
        state.notice = bookmarks.isEmpty ? "no bookmarks yet — b bookmarks a question" : nil
    }

    /// Leaves the bookmarks list for the question list as it was.
    func closeBookmarks() {
        guard let screen = state.bookmarks else { return }
        state.list = screen.savedList
        state.bookmarks = nil
        state.notice = nil
    }

    /// What the list keys do in the bookmarks list; returns false for the actions the question list handles.
    func performInBookmarks(_ action: Action) -> Bool {
        switch action {
        case .back, .escape, .quit, .bookmarks:
            closeBookmarks()
        case .reload:
            let selection = state.list.selection
            openBookmarks()
            state.list.selection = min(selection, max(0, state.list.rows.count - 1))
        case .nextPage, .cycleSort, .filterTag, .search:
            break
        default:
            return false
        }
        return true
    }
}
