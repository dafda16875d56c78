import StackExchange

/// What the list shows about each row beyond the question: read (dim) and bookmarked (a star).
struct RowMarks {
    var isRead: (Question) -> Bool = { _ in false }
    var isBookmarked: (Question) -> Bool = { _ in false }

    /// The mark drawn before a bookmarked question's title.
    static let bookmarkMark = "* "
}
