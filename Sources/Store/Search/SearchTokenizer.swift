/// Splits a search into its tokens: words (with a leading `-` for "not"), quoted phrases and `[tags]`.
/// An unclosed quote or bracket runs to the end of the text.
enum SearchTokenizer {
    enum Token: Hashable {
        case word(String, negated: Bool)
        case phrase(String, negated: Bool)
        case tag(String)
    }

    static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var characters = Substring(text)
        while let first = characters.first {
            if first.isWhitespace {
                characters = characters.dropFirst()
                continue
            }
            var negated = false
            if first == "-", characters.count > 1, let next = characters.dropFirst().first, !next.isWhitespace {
                negated = true
                characters = characters.dropFirst()
            }
            switch characters.first {
            case "\"":
                let rest = characters.dropFirst()
                let end = rest.firstIndex(of: "\"") ?? rest.endIndex
                let phrase = rest[..<end].trimmingWhitespace
                if !phrase.isEmpty { tokens.append(.phrase(phrase, negated: negated)) }
                characters = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            case "[" where !negated:
                let rest = characters.dropFirst()
                let end = rest.firstIndex(of: "]") ?? rest.endIndex
                let tag = rest[..<end].trimmingWhitespace
                if !tag.isEmpty { tokens.append(.tag(tag)) }
                characters = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            default:
                let end = characters.firstIndex(where: \.isWhitespace) ?? characters.endIndex
                tokens.append(.word(String(characters[..<end]), negated: negated))
                characters = characters[end...]
            }
        }
        return tokens
    }
}

extension Substring {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
