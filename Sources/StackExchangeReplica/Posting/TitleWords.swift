import Foundation

/// The words of a title that say what it is about, for `/similar`: lowercased, split at anything but letters, digits
/// and the characters of names like `c++`, `c#` and `node.js`, without the short words every question has.
///
/// The API does not document how `/similar` matches; the replica's stand-in ranks questions by how many of these words
/// their titles share with the one given, which is stable for tests and close to what the ask page shows.
struct TitleWords: Equatable {
    let words: Set<String>

    /// Words too common to make two questions alike.
    static let common: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "get", "how", "i", "if",
        "in", "into", "is", "it", "my", "not", "of", "on", "or", "should", "so", "that", "the", "this", "to", "use",
        "using", "what", "when", "where", "which", "while", "why", "with", "without", "you", "your", "s", "t",
    ]

    /// The words of `title`, which may hold HTML entities (the API's titles do).
    init(_ title: String) {
        let text = title.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&").lowercased()
        let pieces = text.split { !($0.isLetter || $0.isNumber || "+#.-_".contains($0)) }
        words = Set(pieces.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".-_")) }
            .filter { !$0.isEmpty && !Self.common.contains($0) })
    }

    /// How many words the two titles share.
    func shared(with other: TitleWords) -> Int { words.intersection(other.words).count }
}
