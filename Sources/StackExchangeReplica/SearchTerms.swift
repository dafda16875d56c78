/// The `q` of `/search/advanced` split the way the API reads it: `[tag]` terms (every one required), `"phrases"`
/// (each required as written), `-word` (excluded) and the other words (every one required, in any order).
struct SearchTerms: Equatable {
    /// The tags named as `[tag]`, lowercased.
    var tags: [String]
    /// What is left, with its spaces collapsed.
    var text: String
    /// The words to find, lowercased (a `"phrase"` is one of them, without its quotes).
    var words: [String] = []
    /// The words named as `-word`, lowercased.
    var excluded: [String] = []

    init(_ q: String) {
        var tags: [String] = []
        var rest: [Substring] = []
        var words: [String] = []
        var excluded: [String] = []
        // A quoted phrase keeps its spaces: split on quotes first, odd pieces are phrases.
        for (index, piece) in q.split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
            if index % 2 == 1 {
                let phrase = piece.split(separator: " ").joined(separator: " ").lowercased()
                if !phrase.isEmpty { words.append(phrase) }
                rest.append("\"\(piece)\"")
                continue
            }
            for word in piece.split(separator: " ") {
                if word.count > 2, word.hasPrefix("["), word.hasSuffix("]") {
                    tags.append(word.dropFirst().dropLast().lowercased())
                    continue
                }
                rest.append(word)
                if word.count > 1, word.hasPrefix("-") {
                    excluded.append(word.dropFirst().lowercased())
                } else {
                    words.append(word.lowercased())
                }
            }
        }
        self.tags = tags
        self.text = rest.joined(separator: " ")
        self.words = words
        self.excluded = excluded
    }

    /// True when `question`'s title or body holds every word and none of the excluded ones.
    func matches(_ question: WireQuestion) -> Bool {
        let title = question.title.lowercased(), body = (question.body ?? "").lowercased()
        return words.allSatisfy { title.contains($0) || body.contains($0) }
            && !excluded.contains { title.contains($0) || body.contains($0) }
    }

    /// `questions` most relevant first: words in the title count three times those in the body; then by score, then
    /// by id. (The API's own ranking is undocumented; this is the replica's stand-in, stable for tests.)
    func byRelevance(_ questions: [WireQuestion]) -> [WireQuestion] {
        func relevance(_ question: WireQuestion) -> Int {
            let title = question.title.lowercased(), body = (question.body ?? "").lowercased()
            return words.reduce(0) { $0 + (title.contains($1) ? 3 : 0) + (body.contains($1) ? 1 : 0) }
        }
        return questions.map { (relevance($0), $0) }.sorted { left, right in
            if left.0 != right.0 { return left.0 > right.0 }
            if left.1.score != right.1.score { return left.1.score > right.1.score }
            return left.1.questionId > right.1.questionId
        }.map(\.1)
    }
}
