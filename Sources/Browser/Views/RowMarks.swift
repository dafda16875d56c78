import StackExchange

/// What the list shows about each row beyond the question: read (dim) and bookmarked (a star).
struct RowMarks {
    var isRead: (ListRow) -> Bool = { _ in false }
    var isBookmarked: (ListRow) -> Bool = { _ in false }

    /// One row's marks, part of the row cache's key.
    struct Mark: Hashable {
        var isRead = false
        var isBookmarked = false
    }

    /// The mark drawn before a bookmarked question's title.
    static let bookmarkMark = "* "
}
