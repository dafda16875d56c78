public import Foundation

/// A question or an answer as a write answers it (or a preview renders it): what the site now has, or would have.
///
/// `title`, `body` and `bodyMarkdown` are as on the wire (HTML-escaped / HTML); show `plainTitle` and
/// `plainBodyMarkdown`. A preview's ids are 0: nothing was kept.
public struct WrittenPost: Codable, Sendable, Hashable {
    /// The question's id: the post's own for a question, the one answered for an answer.
    public var questionID: Int
    /// The answer's id, for an answer; nil for a question.
    public var answerID: Int?
    /// The title, for a question.
    public var title: String?
    public var tags: [String]
    /// The rendered post (HTML), as the detail view shows posts.
    public var body: String?
    /// The Markdown the site keeps (HTML-escaped), with a filter that includes it.
    public var bodyMarkdown: String?
    public var link: String?
    public var score: Int
    public var creationDate: Date?
    public var lastEditDate: Date?
    public var lastActivityDate: Date?
    public var owner: ShallowUser?

    public init(
        questionID: Int, answerID: Int? = nil, title: String? = nil, tags: [String] = [], body: String? = nil,
        bodyMarkdown: String? = nil, link: String? = nil, score: Int = 0, creationDate: Date? = nil,
        lastEditDate: Date? = nil, lastActivityDate: Date? = nil, owner: ShallowUser? = nil
    ) {
        self.questionID = questionID
        self.answerID = answerID
        self.title = title
        self.tags = tags
        self.body = body
        self.bodyMarkdown = bodyMarkdown
        self.link = link
        self.score = score
        self.creationDate = creationDate
        self.lastEditDate = lastEditDate
        self.lastActivityDate = lastActivityDate
        self.owner = owner
    }

    enum CodingKeys: String, CodingKey {
        case questionID = "question_id"
        case answerID = "answer_id"
        case title, tags, body
        case bodyMarkdown = "body_markdown"
        case link, score
        case creationDate = "creation_date"
        case lastEditDate = "last_edit_date"
        case lastActivityDate = "last_activity_date"
        case owner
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        questionID = try c.decode(Int.self, forKey: .questionID)
        answerID = try c.decodeIfPresent(Int.self, forKey: .answerID)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        body = try c.decodeIfPresent(String.self, forKey: .body)
        bodyMarkdown = try c.decodeIfPresent(String.self, forKey: .bodyMarkdown)
        link = try c.decodeIfPresent(String.self, forKey: .link)
        score = try c.decodeIfPresent(Int.self, forKey: .score) ?? 0
        creationDate = try c.decodeIfPresent(Date.self, forKey: .creationDate)
        lastEditDate = try c.decodeIfPresent(Date.self, forKey: .lastEditDate)
        lastActivityDate = try c.decodeIfPresent(Date.self, forKey: .lastActivityDate)
        owner = try c.decodeIfPresent(ShallowUser.self, forKey: .owner)
    }

    /// Whether this is an answer.
    public var isAnswer: Bool { answerID != nil }

    /// The post's own id: the answer's for an answer, the question's for a question.
    public var postID: Int { answerID ?? questionID }

    /// The title as plain text for the terminal.
    public var plainTitle: String? { title.map(PlainText.decode) }

    /// The Markdown as plain multi-line text, when the filter included it.
    public var plainBodyMarkdown: String? { bodyMarkdown.map(PlainText.decodeMultiline) }

    /// The post as the detail view's models hold it, for showing it in the detail view's own layout.
    public var asAnswer: Answer {
        Answer(answerID: answerID ?? 0, questionID: questionID, score: score,
               creationDate: creationDate ?? Date(timeIntervalSince1970: 0), lastActivityDate: lastActivityDate,
               lastEditDate: lastEditDate, owner: owner, body: body, bodyMarkdown: bodyMarkdown)
    }

    /// The post as a question, for a question's preview in the detail view's layout.
    public var asQuestion: Question {
        Question(questionID: questionID, title: title ?? "", link: link, tags: tags, score: score,
                 creationDate: creationDate ?? Date(timeIntervalSince1970: 0), lastActivityDate: lastActivityDate,
                 lastEditDate: lastEditDate, owner: owner, body: body, bodyMarkdown: bodyMarkdown)
    }
}
