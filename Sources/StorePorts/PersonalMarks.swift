/// A question on a site: what a read mark or a bookmark is kept under.
public struct SiteQuestion: Hashable, Sendable {
    public var site: String
    public var questionID: Int

    public init(site: String, questionID: Int) {
        self.site = site
        self.questionID = questionID
    }
}

/// The person's read marks and bookmarks, as a value the browser model keeps and draws from.
public struct PersonalMarks: Hashable, Sendable {
    public var read: Set<SiteQuestion>
    public var bookmarked: Set<SiteQuestion>

    public init(read: Set<SiteQuestion> = [], bookmarked: Set<SiteQuestion> = []) {
        self.read = read
        self.bookmarked = bookmarked
    }
}
