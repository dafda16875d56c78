/// The API methods the replica serves, parsed from a request path under `/2.3`.
enum APIRoute: Equatable {
    case questions
    case questionsByIDs([Int])
    case answers([Int])
    case answersByIDs([Int])
    case search
    case sites
    case comments([Int])

    /// The method name backoff is counted by, as the API counts it (ids do not make a new method).
    var method: String {
        switch self {
        case .questions: "/questions"
        case .questionsByIDs: "/questions/{ids}"
        case .answers: "/questions/{ids}/answers"
        case .answersByIDs: "/answers/{ids}"
        case .search: "/search/advanced"
        case .sites: "/sites"
        case .comments: "/posts/{ids}/comments"
        }
    }

    /// What went wrong reading a path.
    enum ParseError: Error, Equatable {
        case noMethod
        case badIDs
    }

    /// Parses `/2.3/questions`, `/2.3/questions/1;2`, `/2.3/questions/1;2/answers`, `/2.3/search/advanced`, `/2.3/sites`,
    /// `/2.3/posts/1;2/comments`.
    static func parse(path: String) throws(ParseError) -> APIRoute {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.first == "2.3" else { throw .noMethod }
        switch Array(parts.dropFirst()) {
        case ["questions"]: return .questions
        case ["search", "advanced"]: return .search
        case ["sites"]: return .sites
        case let rest where rest.count == 2 && rest[0] == "questions":
            return .questionsByIDs(try ids(rest[1]))
        case let rest where rest.count == 2 && rest[0] == "answers":
            return .answersByIDs(try ids(rest[1]))
        case let rest where rest.count == 3 && rest[0] == "questions" && rest[2] == "answers":
            return .answers(try ids(rest[1]))
        case let rest where rest.count == 3 && rest[0] == "posts" && rest[2] == "comments":
            return .comments(try ids(rest[1]))
        default: throw .noMethod
        }
    }

    /// Up to 100 ids separated by `;`, each a positive integer.
    private static func ids(_ text: String) throws(ParseError) -> [Int] {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 100 else { throw .badIDs }
        var ids: [Int] = []
        for part in parts {
            guard part.count <= 12, let id = Int(part), id > 0 else { throw .badIDs }
            ids.append(id)
        }
        return ids
    }
}
