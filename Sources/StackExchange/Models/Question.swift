public import Foundation

/// A question as the API returns it; `body` is present only with `filter=withbody`.
///
/// `title` and `body` are as on the wire (HTML-escaped / HTML). Decode `title` with
/// `PlainText.decode(_:)` before showing it.
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

    public var id: Int { questionID }

    public init(
        questionID: Int, title: String, link: String? = nil, tags: [String] = [], score: Int = 0,
        answerCount: Int = 0, viewCount: Int = 0, isAnswered: Bool = false, acceptedAnswerID: Int? = nil,
        creationDate: Date, lastActivityDate: Date? = nil, lastEditDate: Date? = nil, closedDate: Date? = nil,
        closedReason: String? = nil, owner: ShallowUser? = nil, body: String? = nil, contentLicense: String? = nil
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
    }
}
