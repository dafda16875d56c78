/// The text part of `/search/advanced`: `q` matches title or body, `title` matches the title, both case-insensitively.
struct QuestionSearch: Sendable {
    var text: String?
    var title: String?

    init(query: [String: String]) {
        text = query["q"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
        title = query["title"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
    }

    func matches(_ questions: [ReplicaQuestion]) -> [ReplicaQuestion] {
        questions.filter { question in
            let lowerTitle = question.title.lowercased()
            if let title, !lowerTitle.contains(title) { return false }
            if let text, !lowerTitle.contains(text), !(question.body ?? "").lowercased().contains(text) { return false }
            return true
        }
    }

    /// A title hit counts more than a body hit; votes break the rest.
    func relevance(of question: ReplicaQuestion) -> Int {
        guard let text else { return question.score }
        let inTitle = question.title.lowercased().contains(text) ? 1_000_000 : 0
        return inTitle + question.score
    }
}
