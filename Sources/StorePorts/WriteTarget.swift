public import Foundation

/// What a text written in the editor is for: a new answer to a question, a new question, or an edit of one's own post.
/// A draft is kept per site and per target, so `A` on the same question offers the same draft back.
public enum WriteTarget: Hashable, Sendable, Codable {
    /// An answer to question `questionID`.
    case answer(questionID: Int)
    /// A new question (one draft a site).
    case question
    /// An edit of question `questionID` (its title, tags and body).
    case editQuestion(questionID: Int)
    /// An edit of answer `answerID`.
    case editAnswer(answerID: Int)

    /// Whether the editor file carries `Title:` and `Tags:` headers above the body.
    public var hasHeaders: Bool {
        switch self {
        case .question, .editQuestion: true
        case .answer, .editAnswer: false
        }
    }

    /// A stable key for the data file (`answer:123`, `question`, `edit-question:123`, `edit-answer:456`).
    public var storageKey: String {
        switch self {
        case .answer(let id): "answer:\(id)"
        case .question: "question"
        case .editQuestion(let id): "edit-question:\(id)"
        case .editAnswer(let id): "edit-answer:\(id)"
        }
    }

    /// The target a storage key names, or nil for a key this version does not know.
    public init?(storageKey: String) {
        let parts = storageKey.split(separator: ":", maxSplits: 1).map(String.init)
        switch (parts.first, parts.count == 2 ? Int(parts[1]) : nil) {
        case ("question", nil) where parts.count == 1: self = .question
        case ("answer", let id?): self = .answer(questionID: id)
        case ("edit-question", let id?): self = .editQuestion(questionID: id)
        case ("edit-answer", let id?): self = .editAnswer(answerID: id)
        default: return nil
        }
    }
}
