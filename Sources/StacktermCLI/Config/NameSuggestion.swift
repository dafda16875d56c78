/// "Did you mean" for a misspelt name: the known name nearest by edit distance, when it is near enough.
enum NameSuggestion {
    /// ` (did you mean "page_size"?)`, or "" when no known name is close to `name`.
    static func hint(for name: String, among known: [String]) -> String {
        guard let best = nearest(to: name, among: known) else { return "" }
        return " (did you mean \"\(best)\"?)"
    }

    /// The known name within a third of its length (at least 2) edits of `name`, else one it begins (`freshness`).
    static func nearest(to name: String, among known: [String]) -> String? {
        let lowered = name.lowercased()
        if lowered.count >= 4, let extended = known.first(where: { $0.hasPrefix(lowered) }),
           NameSuggestion.distance(Array(lowered), Array(extended)) > max(2, extended.count / 3) {
            return extended
        }
        let scored = known.map { ($0, distance(Array(lowered), Array($0.lowercased()))) }
        guard let (best, score) = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return score <= max(2, best.count / 3) ? best : nil
    }

    /// The Levenshtein distance (an insertion, deletion or substitution costs 1).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
