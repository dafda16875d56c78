/// Which columns of the question list fit a width, and how wide the title may be.
///
/// Columns drop from the least useful as the terminal narrows: tags, then author, then views;
/// score, answers, title and age always stay. The read mark comes first, in a column of its own (the selected row's
/// reverse video hides the dim style a read row has too); a list of several sites (the bookmarks) has a site column.
struct ListColumns: Hashable {
    static let readMark = 1
    static let score = 5
    static let answers = 4
    static let views = 5
    static let age = 4
    static let tags = 18
    static let author = 12
    static let site = 13

    var showsViews: Bool
    var showsAuthor: Bool
    var showsTags: Bool
    /// Whether each row names its site (a list of several sites, when the width leaves the title 20 columns).
    var showsSite: Bool
    var title: Int

    init(width: Int, severalSites: Bool = false) {
        showsViews = width >= 60
        showsAuthor = width >= 76
        showsTags = width >= 96
        showsSite = severalSites && width >= 56
        // One space between columns; the title takes what is left.
        var fixed = Self.readMark + Self.score + 1 + Self.answers + 1 + 1 + Self.age
        if showsViews { fixed += Self.views + 1 }
        if showsSite { fixed += Self.site + 1 }
        if showsAuthor { fixed += 1 + Self.author }
        if showsTags { fixed += 1 + Self.tags }
        title = max(1, width - fixed)
    }
}
