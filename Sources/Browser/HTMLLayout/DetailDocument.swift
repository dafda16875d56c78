public import Foundation

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
    /// Every picture's place, top to bottom: its box line first, then the rows it is drawn in.
    public var pictures: [PictureSpot] = []
    /// When an age the document shows ("asked 5m", an answer's, a comment's) next reads differently, or nil when it
    /// shows none: the document is laid out again from then on.
    public var agesChangeAt: Date?

    /// One code block of the document.
    public struct CodeBlock: Sendable, Hashable {
        /// The indices in `lines` the block occupies.
        public var lines: Range<Int>
        /// The block's lines as written, without the layout's indent and prefixes.
        public var text: [String]
        /// The columns before the code on each of its lines: the block's prefix (a quote's bar, a list's indent) and
        /// the code's own indent. The code scrolls sideways after them (`DetailState.codeShift`).
        public var indent: Int

        public init(lines: Range<Int>, text: [String], indent: Int = 0) {
            self.lines = lines
            self.text = text
            self.indent = indent
        }

        /// The columns the widest of its lines runs past `width`, or 0 when they all fit.
        func overflow(width: Int) -> Int {
            max(0, (text.map(DisplayWidth.of).max() ?? 0) + indent - width)
        }
    }

    /// One picture of the document: which post picture, the lines its box and rows take, and the column it starts at.
    public struct PictureSpot: Sendable, Hashable {
        public var picture: PostPicture
        /// The box line and the picture's rows below it.
        public var lines: Range<Int>
        /// The columns before the picture (a quote's bar, a list's indent).
        public var column: Int
        /// The lines the box takes (more than one where it wraps).
        public var boxLines: Int
        /// What the box and rows are drawn after and in: the prefix of the first line and of the others (they carry
        /// `column`), and the columns left for them; kept so that a change of the picture's state draws its lines
        /// again without laying the document out again.
        var firstPrefix: [StyledSpan] = []
        var restPrefix: [StyledSpan] = []
        var room = 1

        public init(picture: PostPicture, lines: Range<Int>, column: Int, boxLines: Int = 1) {
            self.picture = picture
            self.lines = lines
            self.column = column
            self.boxLines = boxLines
        }

        /// The rows the picture itself is drawn in (below its box).
        public var pictureRows: Range<Int> {
            let start = min(lines.upperBound, lines.lowerBound + boxLines)
            return start..<lines.upperBound
        }
    }

    public init(lines: [StyledLine], answerLineIndices: [Int], links: [String], codeBlocks: [CodeBlock] = []) {
        self.lines = lines
        self.answerLineIndices = answerLineIndices
        self.links = links
        self.codeBlocks = codeBlocks
    }
}

extension DetailDocument {
    /// How far the code may scroll sideways at `width`: the columns its widest line runs past the screen.
    func codeOverflow(width: Int) -> Int {
        codeBlocks.map { $0.overflow(width: width) }.max() ?? 0
    }

    /// The code block showing line `index`, with the line's place in it.
    func codeLine(at index: Int) -> (block: CodeBlock, row: Int)? {
        guard let block = codeBlocks.first(where: { $0.lines.contains(index) }) else { return nil }
        let row = index - block.lines.lowerBound
        return block.text.indices.contains(row) ? (block, row) : nil
    }
}
