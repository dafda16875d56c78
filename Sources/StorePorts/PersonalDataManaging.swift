public import StackExchange

/// The door to the person's own data: read marks and bookmarks, kept across runs.
///
/// Every call answers at once from memory; writes go to the store in the background.
public protocol PersonalDataManaging: Sendable {
    func isRead(site: String, questionID: Int) -> Bool
    func setRead(_ read: Bool, site: String, questionID: Int)
    func isBookmarked(site: String, questionID: Int) -> Bool
    /// Bookmarks `question` on `site`, or removes the bookmark.
    func setBookmarked(_ bookmarked: Bool, question: Question, site: String)
    /// Every bookmark, of all sites, newest first.
    func bookmarks() -> [Bookmark]
    /// Every read mark and bookmark, at once (the browser keeps them as a value and draws from it).
    func marks() -> PersonalMarks
    /// Why bookmarks and read marks are not kept this run (a damaged or newer data file), if they are not.
    var unavailableReason: String? { get }
    /// The last change that could not be written (a full or read-only disk), in one line, or nil.
    var lastWriteProblem: String? { get }
    /// A one-line note about a change that could not be written, handed out once.
    func takeWriteNotice() -> String?
}

extension PersonalDataManaging {
    public var lastWriteProblem: String? { nil }
    public func takeWriteNotice() -> String? { nil }
}
