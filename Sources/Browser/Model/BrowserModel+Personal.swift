import StackExchange
import StorePorts

extension BrowserModel {
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
        // Said, beside the row's mark: the selected row's reverse video hides the dim style.
        state.notice = isRead ? Self.markedUnreadNotice : Self.markedReadNotice
        return setRead(!isRead, site: site, questionID: question.questionID)
    }

    /// What `m` says.
    static let markedReadNotice = "marked read"
    static let markedUnreadNotice = "marked unread"

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
}
