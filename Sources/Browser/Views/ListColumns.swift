/// Which columns of the question list fit a width, and how wide the title may be.
///
/// Columns drop from the least useful as the terminal narrows: tags, then author, then views;
/// score, answers, title and age always stay.
struct ListColumns: Hashable {
    static let score = 5
    static let answers = 4
    static let views = 5
    static let age = 4
    static let tags = 18
    static let author = 12

    var showsViews: Bool
    var showsAuthor: Bool
    var showsTags: Bool
    var title: Int

    init(width: Int) {
        showsViews = width >= 60
        showsAuthor = width >= 76
        showsTags = width >= 96
        // One space between columns; the title takes what is left.
        var fixed = Self.score + 1 + Self.answers + 1 + 1 + Self.age
        if showsViews { fixed += Self.views + 1 }
        if showsAuthor { fixed += 1 + Self.author }
        if showsTags { fixed += 1 + Self.tags }
        title = max(1, width - fixed)
    }
}
