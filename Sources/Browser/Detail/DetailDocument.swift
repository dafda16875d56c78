/// A question detail laid out for one width: its lines, where each answer starts, and the links listed below.
///
/// Code lines are kept whole even when wider than the screen; `ScreenBuffer.draw` clips them at the right edge
/// (a wide character straddling the edge becomes a space), so the layout never cuts code itself.
public struct DetailDocument: Sendable, Hashable {
    /// Every line of the document, top to bottom.
    public var lines: [StyledLine]
    /// The index in `lines` of each answer's header line, in the order the answers are shown.
    public var answerLineIndices: [Int]
    /// The id of each answer whose header is at the same place in `answerLineIndices`.
    public var answerIDs: [Int] = []
    /// Every link URL of the document; the link shown as `[n]` is `links[n - 1]`.
    public var links: [String]
    /// Every code block, top to bottom: which lines show it and its text as the post had it (for `copy_code`).
    public var codeBlocks: [CodeBlock] = []
    /// When an age the document shows ("asked 5m", an answer's, a comment's) next reads differently, or nil when it
    /// shows none: the document is laid out again from then on.
    public var agesChangeAt: Date?

    /// One code block of the document.
    public struct CodeBlock: Sendable, Hashable {
        /// The indices in `lines` the block occupies.
        public var lines: Range<Int>
        /// The block's lines as written, without the layout's indent and prefixes.
        public var text: [String]

        public init(lines: Range<Int>, text: [String]) {
            self.lines = lines
            self.text = text
        }
    }

    public init(lines: [StyledLine], answerLineIndices: [Int], links: [String], codeBlocks: [CodeBlock] = []) {
        self.lines = lines
        self.answerLineIndices = answerLineIndices
        self.links = links
        self.codeBlocks = codeBlocks
    }
}
