public import Foundation

/// A question as the API returns it; `body` is present only with `filter=withbody`.
///
/// `title`, `body` and `bodyMarkdown` are as on the wire (HTML-escaped / HTML); show `plainTitle` and
/// `plainBodyMarkdown`, which are decoded and free of control characters.
///
/// Decoding is tolerant: counts and flags a filter left out are 0/false, `tags` is empty, unknown fields are
/// ignored; a missing `creation_date` (some custom filters drop it) falls back to `last_activity_date`.
public struct Question: Codable, Sendable, Hashable, Identifiable {
    public var questionID: Int
    public var title: String
    public var link: String?
    public var tags: [String]
    public var score: Int
    public var answerCount: Int
    public var viewCount: Int
    public var isAnswered: Bool
    public var acceptedAnswerID: Int?
    public var creationDate: Date
    public var lastActivityDate: Date?
    public var lastEditDate: Date?
    public var closedDate: Date?
    public var closedReason: String?
    public var owner: ShallowUser?
    public var body: String?
    public var contentLicense: String?
    /// The body as Markdown (HTML-escaped), present only with a filter that includes `body_markdown`.
    public var bodyMarkdown: String?
    /// The caller's own vote (and favourite), present only while signed in, through the sign-in filter.
    public var upvoted: Bool?
    public var downvoted: Bool?
    public var favorited: Bool?
    /// The question's answers, present only with a filter that includes `question.answers` (and only when it has some).
    public var answers: [Answer]?

    public var id: Int { questionID }

    public init(
        questionID: Int, title: String, link: String? = nil, tags: [String] = [], score: Int = 0,
        answerCount: Int = 0, viewCount: Int = 0, isAnswered: Bool = false, acceptedAnswerID: Int? = nil,
        creationDate: Date, lastActivityDate: Date? = nil, lastEditDate: Date? = nil, closedDate: Date? = nil,
        closedReason: String? = nil, owner: ShallowUser? = nil, body: String? = nil, contentLicense: String? = nil,
        bodyMarkdown: String? = nil
    ) {
        self.questionID = questionID
        self.title = title
        self.link = link
        self.tags = tags
        self.score = score
        self.answerCount = answerCount
        self.viewCount = viewCount
        self.isAnswered = isAnswered
        self.acceptedAnswerID = acceptedAnswerID
        self.creationDate = creationDate
        self.lastActivityDate = lastActivityDate
        self.lastEditDate = lastEditDate
        self.closedDate = closedDate
        self.closedReason = closedReason
        self.owner = owner
        self.body = body
        self.contentLicense = contentLicense
        self.bodyMarkdown = bodyMarkdown
    }

    enum CodingKeys: String, CodingKey {
        case questionID = "question_id"
        case title, link, tags, score
        case answerCount = "answer_count"
        case viewCount = "view_count"
        case isAnswered = "is_answered"
        case acceptedAnswerID = "accepted_answer_id"
        case creationDate = "creation_date"
        case lastActivityDate = "last_activity_date"
        case lastEditDate = "last_edit_date"
        case closedDate = "closed_date"
        case closedReason = "closed_reason"
        case owner, body
        case contentLicense = "content_license"
        case bodyMarkdown = "body_markdown"
        case upvoted, downvoted, favorited
        case answers
    }

    /// The title as plain text for the terminal.
    public var plainTitle: String { PlainText.decode(title) }

    /// The Markdown body as plain multi-line text, when the filter included it.
    public var plainBodyMarkdown: String? { bodyMarkdown.map(PlainText.decodeMultiline) }
}

extension Question {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        questionID = try c.decode(Int.self, forKey: .questionID)
        title = try c.decode(String.self, forKey: .title)
        link = try c.decodeIfPresent(String.self, forKey: .link)
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        score = try c.decodeIfPresent(Int.self, forKey: .score) ?? 0
        answerCount = try c.decodeIfPresent(Int.self, forKey: .answerCount) ?? 0
        viewCount = try c.decodeIfPresent(Int.self, forKey: .viewCount) ?? 0
        isAnswered = try c.decodeIfPresent(Bool.self, forKey: .isAnswered) ?? false
        acceptedAnswerID = try c.decodeIfPresent(Int.self, forKey: .acceptedAnswerID)
        lastActivityDate = try c.decodeIfPresent(Date.self, forKey: .lastActivityDate)
        if let created = try c.decodeIfPresent(Date.self, forKey: .creationDate) ?? lastActivityDate {
            creationDate = created
        } else {
            // Neither date: report the one a question must have.
            creationDate = try c.decode(Date.self, forKey: .creationDate)
        }
        lastEditDate = try c.decodeIfPresent(Date.self, forKey: .lastEditDate)
        closedDate = try c.decodeIfPresent(Date.self, forKey: .closedDate)
        closedReason = try c.decodeIfPresent(String.self, forKey: .closedReason)
        owner = try c.decodeIfPresent(ShallowUser.self, forKey: .owner)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        contentLicense = try c.decodeIfPresent(String.self, forKey: .contentLicense)
        bodyMarkdown = try c.decodeIfPresent(String.self, forKey: .bodyMarkdown)
        upvoted = try c.decodeIfPresent(Bool.self, forKey: .upvoted)
        downvoted = try c.decodeIfPresent(Bool.self, forKey: .downvoted)
        favorited = try c.decodeIfPresent(Bool.self, forKey: .favorited)
        if c.contains(.answers), try !c.decodeNil(forKey: .answers) {
            var list = try c.nestedUnkeyedContainer(forKey: .answers)
            var answers: [Answer] = []
            while !list.isAtEnd {
                answers.append(try Answer(from: try list.superDecoder(), embeddedIn: (questionID, creationDate)))
            }
            self.answers = answers
        }
    }
}
