/// "Did you mean" for a misspelt name: the known name nearest by edit distance, when it is near enough.
///
/// The config file's unknown keys, themes and actions, and an unknown `--site` in the browser.
public enum NameSuggestion {
    /// ` (did you mean "page_size"?)`, or "" when no known name is close to `name`.
    public static func hint(for name: String, among known: [String]) -> String {
        guard let best = nearest(to: name, among: known) else { return "" }
        return " (did you mean \"\(best)\"?)"
    }

    /// The known name within a third of its length (at least 2) edits of `name`, else one it begins (`freshness`).
    public static func nearest(to name: String, among known: [String]) -> String? {
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
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
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

    /// Up to `limit` known names near `name`, nearest first: the one `nearest` picks, then the others within its
    /// reach (`stackoverfow`: `stackoverflow`; `serverfalt`: `serverfault`).
    public static func nearestNames(to name: String, among known: [String], limit: Int = 3) -> [String] {
        let lowered = name.lowercased()
        var found = nearest(to: name, among: known).map { [$0] } ?? []
        let target = Array(lowered)
        var scored: [(name: String, distance: Int)] = []
        for candidate in known {
            let away = distance(target, Array(candidate.lowercased()))
            if away <= max(2, candidate.count / 3) { scored.append((candidate, away)) }
        }
        scored.sort { $0.distance == $1.distance ? $0.name < $1.name : $0.distance < $1.distance }
        for (candidate, _) in scored where !found.contains(candidate) && found.count < limit { found.append(candidate) }
        return found
    }
}
