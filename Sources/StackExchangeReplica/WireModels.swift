/// A user as the API sends it; a deleted user has only `display_name` and `user_type: does_not_exist`.
struct WireOwner: Codable, Sendable {
    var accountId: Int?
    var reputation: Int?
    var userId: Int?
    var userType: String?
    var acceptRate: Int?
    var profileImage: String?
    var displayName: String?
    var link: String?
}

/// A question in the API's wire format; `body` is sent only with `filter=withbody`.
struct WireQuestion: Codable, Sendable {
    var tags: [String]
    var owner: WireOwner?
    var isAnswered: Bool
    var viewCount: Int
    var acceptedAnswerId: Int?
    var answerCount: Int
    var score: Int
    var lastActivityDate: Int
    var creationDate: Int
    var lastEditDate: Int?
    var closedDate: Int?
    var closedReason: String?
    var questionId: Int
    var contentLicense: String?
    var link: String
    var title: String
    var body: String?
    /// The body as Markdown (HTML-escaped), sent only when the filter includes `question.body_markdown`.
    var bodyMarkdown: String? = nil
    /// The question's answers, sent only when the filter includes `question.answers` (absent when there are none).
    var answers: [WireAnswer]? = nil
    /// The caller's own vote and favourite, sent only to a signed-in caller whose filter includes them.
    var upvoted: Bool?
    var downvoted: Bool?
    var favorited: Bool?
}

/// An answer in the API's wire format.
struct WireAnswer: Codable, Sendable {
    var owner: WireOwner?
    var isAccepted: Bool
    var score: Int
    var lastActivityDate: Int
    var lastEditDate: Int?
    var creationDate: Int
    var answerId: Int
    var questionId: Int
    var contentLicense: String?
    var body: String?
    /// The body as Markdown (HTML-escaped), sent only when the filter includes `answer.body_markdown`.
    var bodyMarkdown: String? = nil
    /// The caller's own vote, sent only to a signed-in caller whose filter includes it.
    var upvoted: Bool?
    var downvoted: Bool?
}

/// A site of the `/sites` list; `name` and `audience` are HTML-escaped, as the API sends them.
struct WireSite: Codable, Sendable {
    var apiSiteParameter: String
    var name: String
    var siteUrl: String
    var siteType: String
    var audience: String? = nil
}

/// A comment in the API's wire format; `body` is sent only with `filter=withbody`.
struct WireComment: Codable, Sendable {
    var owner: WireOwner?
    var edited: Bool
    var score: Int
    var creationDate: Int
    var postId: Int
    var commentId: Int
    var contentLicense: String?
    var body: String?
}
