/// A post of a data dump's `Posts.xml` as the importer hands it to the store: a question (`PostTypeId` 1) or an
/// answer (2); other types (tag wikis, …) are not imported. Dates are seconds since 1970, strings as in the dump
/// (the body HTML, the title plain text).
public struct DumpPost: Sendable, Hashable {
    public var id: Int
    public var isQuestion: Bool
    public var parentID: Int?
    public var acceptedAnswerID: Int?
    public var created: Double
    public var lastActivity: Double?
    public var lastEdit: Double?
    public var score: Int
    public var views: Int
    public var answerCount: Int
    public var closed: Double?
    public var ownerID: Int?
    /// The name a deleted owner keeps (`OwnerDisplayName`).
    public var ownerName: String?
    public var title: String?
    public var tags: [String]
    public var body: String
    public var license: String?

    public init(
        id: Int, isQuestion: Bool, parentID: Int? = nil, acceptedAnswerID: Int? = nil, created: Double,
        lastActivity: Double? = nil, lastEdit: Double? = nil, score: Int = 0, views: Int = 0, answerCount: Int = 0,
        closed: Double? = nil, ownerID: Int? = nil, ownerName: String? = nil, title: String? = nil, tags: [String] = [],
        body: String, license: String? = nil
    ) {
        self.id = id
        self.isQuestion = isQuestion
        self.parentID = parentID
        self.acceptedAnswerID = acceptedAnswerID
        self.created = created
        self.lastActivity = lastActivity
        self.lastEdit = lastEdit
        self.score = score
        self.views = views
        self.answerCount = answerCount
        self.closed = closed
        self.ownerID = ownerID
        self.ownerName = ownerName
        self.title = title
        self.tags = tags
        self.body = body
        self.license = license
    }
}

/// A comment of `Comments.xml` (the text is plain text with the site's Markdown left in).
public struct DumpComment: Sendable, Hashable {
    public var id: Int
    public var postID: Int
    public var score: Int
    public var created: Double
    public var userID: Int?
    public var userName: String?
    public var text: String

    public init(id: Int, postID: Int, score: Int, created: Double, userID: Int?, userName: String?, text: String) {
        self.id = id
        self.postID = postID
        self.score = score
        self.created = created
        self.userID = userID
        self.userName = userName
        self.text = text
    }
}

/// A user of `Users.xml`: what a post's author line needs.
public struct DumpUser: Sendable, Hashable {
    public var id: Int
    public var name: String
    public var reputation: Int

    public init(id: Int, name: String, reputation: Int) {
        self.id = id
        self.name = name
        self.reputation = reputation
    }
}

/// One row of any imported file.
public enum DumpRow: Sendable, Hashable {
    case post(DumpPost)
    case comment(DumpComment)
    case user(DumpUser)
}
