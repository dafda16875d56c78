/// A `SearchQuery`'s words as an FTS5 MATCH expression, every term quoted (so nothing a person types is read as
/// FTS5 syntax): all terms must be found, none of the excluded.
enum FTSExpression {
    /// The expression for the terms, or nil when the query has none that hold a word (filters only).
    static func positive(_ query: SearchQuery) -> String? {
        let parts = query.terms.compactMap(term)
        return parts.isEmpty ? nil : parts.joined(separator: " AND ")
    }

    /// The expression for the excluded terms (any of them), or nil.
    static func negative(_ query: SearchQuery) -> String? {
        let parts = query.excluded.compactMap(term)
        return parts.isEmpty ? nil : parts.joined(separator: " OR ")
    }

    static func term(_ term: SearchQuery.Term) -> String? {
        guard term.text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else {
            return nil
        }
        let quoted = "\"" + term.text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        switch term.field {
        case .any: return quoted
        case .title, .body, .code: return "\(term.field.rawValue) : \(quoted)"
        }
    }
}
