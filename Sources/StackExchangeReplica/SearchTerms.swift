/// The `q` of `/search/advanced` split the way the API reads it: `[tag]` terms (every one required) and text.
struct SearchTerms: Equatable {
    /// The tags named as `[tag]`, lowercased.
    var tags: [String]
    /// What is left, with its spaces collapsed.
    var text: String

    init(_ q: String) {
        var tags: [String] = []
        var words: [Substring] = []
        for word in q.split(separator: " ") {
            if word.count > 2, word.hasPrefix("["), word.hasSuffix("]") {
                tags.append(word.dropFirst().dropLast().lowercased())
            } else {
                words.append(word)
            }
        }
        self.tags = tags
        self.text = words.joined(separator: " ")
    }
}
