/// The few words of a post that a search of the local store matched, the matched ones marked, as a list row
/// shows them beside the title.
public struct SearchSnippet: Sendable, Hashable {
    /// A run of the snippet's text, matched or not.
    public struct Piece: Sendable, Hashable {
        public var text: String
        public var isMatch: Bool

        public init(_ text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    public var pieces: [Piece]

    public init(_ pieces: [Piece]) {
        self.pieces = pieces
    }

    /// The snippet as one string with the matches in `[`…`]` (for tests).
    public var marked: String { pieces.map { $0.isMatch ? "[\($0.text)]" : $0.text }.joined() }
}
