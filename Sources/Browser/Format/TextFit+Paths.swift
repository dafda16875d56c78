extension TextFit {
    /// The fewest characters a shortened path keeps (with its `…`), so it still says where it points.
    static let shortestPath = 16

    /// `text` with its file paths shortened in the middle (`/home/ann/…/data/stackterm`) until it fits `width`
    /// columns or no path can be shortened further; the rest of the text (the reason) is never cut here.
    ///
    /// A path is a space-separated word starting with `/` or `~/`; punctuation after it (`:`, `,`, `)`) stays.
    public static func shortenPaths(_ text: String, toFit width: Int) -> String {
        var excess = DisplayWidth.of(text) - width
        guard excess > 0 else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // The longest paths give up their middle first.
        let paths = words.indices.filter { isPath(words[$0]) }.sorted { words[$0].count > words[$1].count }
        for index in paths where excess > 0 {
            let word = words[index]
            let trailing = String(word.reversed().prefix { ":,;)".contains($0) }.reversed())
            let path = String(word.dropLast(trailing.count))
            let keep = max(shortestPath, path.count - excess - 1)
            guard keep < path.count else { continue }
            let shortened = middleCut(path, keeping: keep)
            excess -= path.count - shortened.count
            words[index] = shortened + trailing
        }
        return words.joined(separator: " ")
    }

    private static func isPath(_ word: String) -> Bool {
        (word.hasPrefix("/") || word.hasPrefix("~/")) && word.count > shortestPath
    }

    /// `path` as `keep` characters: its start, `…`, and a longer end (the file's name matters most).
    static func middleCut(_ path: String, keeping keep: Int) -> String {
        let characters = Array(path)
        let tail = (keep - 1) * 2 / 3
        let head = keep - 1 - tail
        return String(characters.prefix(head)) + "…" + String(characters.suffix(tail))
    }
}
