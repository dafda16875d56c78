/// The API's methods that write a post: ask a question, answer one, edit either. Each takes `preview=true`, which
/// checks and renders the post and keeps nothing.
enum PostRoute: Equatable {
    /// `/questions/add`: `title`, `body`, `tags`.
    case addQuestion
    /// `/questions/{id}/answers/add`: `body`.
    case addAnswer(questionID: Int)
    /// `/questions/{id}/edit`: `title`, `body`, `tags`, optionally `comment` (the edit summary).
    case editQuestion(id: Int)
    /// `/answers/{id}/edit`: `body`, optionally `comment`.
    case editAnswer(id: Int)

    /// The method name backoff and quota are counted by.
    var method: String {
        switch self {
        case .addQuestion: "/questions/add"
        case .addAnswer: "/questions/{id}/answers/add"
        case .editQuestion: "/questions/{id}/edit"
        case .editAnswer: "/answers/{id}/edit"
        }
    }

    /// The kind of write the site's limits count it as.
    var kind: WriteKind {
        switch self {
        case .addQuestion: .question
        case .addAnswer: .answer
        case .editQuestion, .editAnswer: .edit
        }
    }

    /// The id in the path (0 for a new question).
    var id: Int {
        switch self {
        case .addQuestion: 0
        case .addAnswer(let id), .editQuestion(let id), .editAnswer(let id): id
        }
    }

    /// The route of the path parts after `/2.3`, or nil when it is none of these.
    static func parse(_ parts: [String]) -> PostRoute? {
        switch parts.count {
        case 2 where parts == ["questions", "add"]:
            return .addQuestion
        case 3 where parts[2] == "edit":
            guard let id = Int(parts[1]), id > 0 else { return nil }
            switch parts[0] {
            case "questions": return .editQuestion(id: id)
            case "answers": return .editAnswer(id: id)
            default: return nil
            }
        case 4 where parts[0] == "questions" && parts[2] == "answers" && parts[3] == "add":
            guard let id = Int(parts[1]), id > 0 else { return nil }
            return .addAnswer(questionID: id)
        default:
            return nil
        }
    }
}
