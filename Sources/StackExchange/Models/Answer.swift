public import Foundation

/// An answer as the API returns it; `body` is present only with `filter=withbody`.
///
/// Decoding is tolerant: `score` and `is_accepted` default to 0/false when a filter leaves them out, and
/// unknown fields are ignored. `body` is HTML as on the wire.
public struct Answer: Codable, Sendable, Hashable, Identifiable {
    public var answerID: Int
    public var questionID: Int
    public var score: Int
    public var isAccepted: Bool
    public var creationDate: Date
    public var lastActivityDate: Date?
    public var lastEditDate: Date?
    public var owner: ShallowUser?
    public var body: String?
    public var contentLicense: String?
    /// The body as Markdown (HTML-escaped), present only with a filter that includes `body_markdown`.
    public var bodyMarkdown: String?
    /// The caller's own vote (and favourite), present only while signed in, through the sign-in filter.
    public var upvoted: Bool?
    public var downvoted: Bool?

    public var id: Int { answerID }

    public init(
        answerID: Int, questionID: Int, score: Int = 0, isAccepted: Bool = false, creationDate: Date,
        lastActivityDate: Date? = nil, lastEditDate: Date? = nil, owner: ShallowUser? = nil, body: String? = nil,
        contentLicense: String? = nil, bodyMarkdown: String? = nil
    ) {
        self.answerID = answerID
        self.questionID = questionID
        self.score = score
        self.isAccepted = isAccepted
        self.creationDate = creationDate
        self.lastActivityDate = lastActivityDate
        self.lastEditDate = lastEditDate
        self.owner = owner
        self.body = body
        self.contentLicense = contentLicense
        self.bodyMarkdown = bodyMarkdown
    }

    enum CodingKeys: String, CodingKey {
        case answerID = "answer_id"
        case questionID = "question_id"
        case score
        case isAccepted = "is_accepted"
        case creationDate = "creation_date"
        case lastActivityDate = "last_activity_date"
        case lastEditDate = "last_edit_date"
        case owner, body
        case contentLicense = "content_license"
        case bodyMarkdown = "body_markdown"
        case upvoted, downvoted
    }

    /// The Markdown body as plain multi-line text, when the filter included it.
    public var plainBodyMarkdown: String? { bodyMarkdown.map(PlainText.decodeMultiline) }
}

extension Answer {
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, embeddedIn: nil)
    }

    /// An answer embedded in question `embeddedIn` (a filter with `question.answers`): a custom filter may leave out
    /// its `question_id` (the question's own) and its dates (the question's creation stands in).
    init(from decoder: any Decoder, embeddedIn question: (id: Int, created: Date)?) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        answerID = try c.decode(Int.self, forKey: .answerID)
        if let question {
            questionID = try c.decodeIfPresent(Int.self, forKey: .questionID) ?? question.id
        } else {
            questionID = try c.decode(Int.self, forKey: .questionID)
        }
        score = try c.decodeIfPresent(Int.self, forKey: .score) ?? 0
        isAccepted = try c.decodeIfPresent(Bool.self, forKey: .isAccepted) ?? false
        lastActivityDate = try c.decodeIfPresent(Date.self, forKey: .lastActivityDate)
        if let question {
            creationDate = try c.decodeIfPresent(Date.self, forKey: .creationDate) ?? lastActivityDate ?? question.created
        } else {
            creationDate = try c.decode(Date.self, forKey: .creationDate)
        }
        lastEditDate = try c.decodeIfPresent(Date.self, forKey: .lastEditDate)
        owner = try c.decodeIfPresent(ShallowUser.self, forKey: .owner)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        contentLicense = try c.decodeIfPresent(String.self, forKey: .contentLicense)
        bodyMarkdown = try c.decodeIfPresent(String.self, forKey: .bodyMarkdown)
        upvoted = try c.decodeIfPresent(Bool.self, forKey: .upvoted)
        downvoted = try c.decodeIfPresent(Bool.self, forKey: .downvoted)
    }
}
