/// The words, tags and names a synthetic dump is written from: made-up words built from syllables (so a query's
/// hit count depends on the word's rank, as in real text), a few real ones, and Unicode.
struct DumpVocabulary: Sendable {
    let words: [String]
    let tags: [String]

    init(seed: UInt64) {
        var random = SeededRandom(seed: seed ^ 0x5EED)
        let syllables = ["ka", "lo", "mi", "ren", "tu", "sal", "vor", "ex", "pin", "dra", "quo", "zel", "ban", "fi", "gor",
                         "hu", "jax", "ne", "op", "rix", "sta", "tem", "ul", "wex", "yo"]
        var seen = Set<String>()
        var words: [String] = []
        while words.count < 4000 {
            let length = 2 + random.below(2)
            let word = (0..<length).map { _ in syllables[random.below(syllables.count)] }.joined()
            if seen.insert(word).inserted { words.append(word) }
        }
        self.words = words
        tags = ["python", "regex", "vim", "c++", "node.js", "bash", "swift", "linux", "sql", "git", "c#", "java",
                "javascript", "haskell", "emacs", "unicode", "café", "日本語", "performance", "testing"]
    }

    /// A sentence of `count` words.
    func sentence(_ count: Int, _ random: inout SeededRandom) -> String {
        (0..<count).map { _ in words[random.skewed(words.count)] }.joined(separator: " ")
    }
}
