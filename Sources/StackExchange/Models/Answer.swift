public import Foundation

/// An answer as the API returns it; `body` is present only with `filter=withbody`.
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

    public var id: Int { answerID }

    public init(
        answerID: Int, questionID: Int, score: Int = 0, isAccepted: Bool = false, creationDate: Date,
        lastActivityDate: Date? = nil, lastEditDate: Date? = nil, owner: ShallowUser? = nil, body: String? = nil,
        contentLicense: String? = nil
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
    }
}
