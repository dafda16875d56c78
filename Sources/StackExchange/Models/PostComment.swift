public import Foundation

/// A comment on a post (question or answer) as the API returns it (`/posts/{ids}/comments`); `body` is present only with `filter=withbody`.
///
/// Decoding is tolerant: only `comment_id`, `post_id` and `creation_date` are required (the default filter of
/// API 2.1, as in the captures, sends no body); `score` defaults to 0. Strings are as on the wire: the body is
/// HTML, the owner's name HTML-escaped.
public struct PostComment: Codable, Sendable, Hashable, Identifiable {
    public var commentID: Int
    /// The question or answer the comment is on.
    public var postID: Int
    public var score: Int
    public var creationDate: Date
    public var edited: Bool
    public var owner: ShallowUser?
    /// The user the comment replies to (`@name`), when it does.
    public var replyToUser: ShallowUser?
    public var body: String?
    public var contentLicense: String?

    public var id: Int { commentID }

    public init(
        commentID: Int, postID: Int, score: Int = 0, creationDate: Date, edited: Bool = false,
        owner: ShallowUser? = nil, replyToUser: ShallowUser? = nil, body: String? = nil, contentLicense: String? = nil
    ) {
        self.commentID = commentID
        self.postID = postID
        self.score = score
        self.creationDate = creationDate
        self.edited = edited
        self.owner = owner
        self.replyToUser = replyToUser
        self.body = body
        self.contentLicense = contentLicense
    }

    enum CodingKeys: String, CodingKey {
        case commentID = "comment_id"
        case postID = "post_id"
        case score
        case creationDate = "creation_date"
        case edited, owner
        case replyToUser = "reply_to_user"
        case body
        case contentLicense = "content_license"
    }
}

extension PostComment {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        commentID = try c.decode(Int.self, forKey: .commentID)
        postID = try c.decode(Int.self, forKey: .postID)
        score = try c.decodeIfPresent(Int.self, forKey: .score) ?? 0
        creationDate = try c.decode(Date.self, forKey: .creationDate)
        edited = try c.decodeIfPresent(Bool.self, forKey: .edited) ?? false
        owner = try c.decodeIfPresent(ShallowUser.self, forKey: .owner)
        replyToUser = try c.decodeIfPresent(ShallowUser.self, forKey: .replyToUser)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        contentLicense = try c.decodeIfPresent(String.self, forKey: .contentLicense)
    }
}
