/// The API methods the replica serves; `template` names the method for backoff and logs.
enum ReplicaRoute: Sendable, Hashable {
    case questions
    case questionsByIDs([Int])
    case answers(questionIDs: [Int])
    case search
    case sites

    var template: String {
        switch self {
        case .questions: "/questions"
        case .questionsByIDs: "/questions/{ids}"
        case .answers: "/questions/{ids}/answers"
        case .search: "/search/advanced"
        case .sites: "/sites"
        }
    }

    /// Matches a request path such as `/2.3/questions/1;2/answers`.
    static func match(_ path: String) -> Result<ReplicaRoute, APIFailure> {
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard components.first == "2.3" else { return .failure(.noMethod(path)) }
        components.removeFirst()
        switch components.count {
        case 1 where components[0] == "questions": return .success(.questions)
        case 1 where components[0] == "sites": return .success(.sites)
        case 2 where components == ["search", "advanced"]: return .success(.search)
        case 2 where components[0] == "questions":
            return ids(components[1]).map { .questionsByIDs($0) }
        case 3 where components[0] == "questions" && components[2] == "answers":
            return ids(components[1]).map { .answers(questionIDs: $0) }
        default: return .failure(.noMethod(path))
        }
    }

    private static func ids(_ text: String) -> Result<[Int], APIFailure> {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }.filter { $0 > 0 }
        guard !parts.isEmpty, numbers.count == parts.count else { return .failure(.badParameter("ids")) }
        guard numbers.count <= 100 else { return .failure(.badParameter("ids: at most 100 may be requested")) }
        return .success(numbers)
    }
}
