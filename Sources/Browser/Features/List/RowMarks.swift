import StackExchange

/// What the list shows about each row beyond the question: read (a dot in the first column, and dim) and bookmarked
/// (a star).
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
    /// The mark in the first column of a read question's row (`.` where the terminal has only ASCII).
    static let readMark = "·"
}
