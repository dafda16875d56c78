/// The bookmarks as read for the bookmarks screen: every one whose question could be read, newest first, and one
/// line naming those that could not.
public struct BookmarkList: Sendable, Hashable {
    public var bookmarks: [Bookmark]
    /// One line for the bookmarks left out (a damaged entry, a file that could not be read), nil when none was.
    public var problem: String?

    public init(bookmarks: [Bookmark], problem: String? = nil) {
        self.bookmarks = bookmarks
        self.problem = problem
    }
}
