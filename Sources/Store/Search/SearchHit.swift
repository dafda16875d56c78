/// One question a local search found: where it is, the post that matched best, and a snippet of that post with
/// the matched words marked.
public struct SearchHit: Sendable, Hashable {
    /// The API host for a cached question; empty for an imported site's.
    public var host: String
    public var site: String
    public var questionID: Int
    /// The question, answer or comment that matched best (a comment's id is its own).
    public var postID: Int
    public var kind: Kind
    /// The snippet, in pieces; `isMatch` marks the matched words.
    public var snippet: [Piece]

    public enum Kind: Int, Sendable, Hashable {
        case question = 1, answer = 2, comment = 3
    }

    public struct Piece: Sendable, Hashable {
        public var text: String
        public var isMatch: Bool
        public init(_ text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    /// The snippet as one string with the matches in `[`…`]` (for tests and the command line).
    public var markedSnippet: String {
        snippet.map { $0.isMatch ? "[\($0.text)]" : $0.text }.joined()
    }
}
