/// A grid of cells the views draw into; the terminal copies it to ncurses, tests compare it as text.
public struct ScreenBuffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown (a prompt), or nil to hide it.
    public var cursor: Position?
    /// What `put` may write: under `.ascii` every other character becomes its ASCII stand-in.
    public let repertoire: TextRepertoire

    /// A row and column on the screen, 0-based.
    public struct Position: Hashable, Sendable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    public init(width: Int, height: Int, repertoire: TextRepertoire = .unicode) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.repertoire = repertoire
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Writes `text` at (`row`, `column`), clipped to `maxWidth` columns and the right edge.
    ///
    /// Control characters are dropped, wide characters take two cells, and a wide character that
    /// would straddle the limit is replaced by a space. Each cluster is stored in its terminal-safe
    /// form (`TerminalGrapheme`), or as its ASCII stand-in under `.ascii`. Returns the number of columns written.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, row: Int, column: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        let limit = min(width, column + (maxWidth ?? width))
        var x = column
        // Printable ASCII, most of what a list or a post holds: one byte, one cell, no cluster to find.
        if DisplayWidth.isPrintableASCII(text) {
            for byte in text.utf8 where x < limit {
                overwrite(row: row, column: x, with: Cell(Glyph(Unicode.Scalar(byte)), style: style))
                x += 1
            }
            return x - column
        }
        // Else the printable ASCII between the other characters still goes byte by byte (`PrintableRuns`).
        PrintableRuns.forEach(
            in: text,
            ascii: { byte in
                guard x < limit else { return false }
                overwrite(row: row, column: x, with: Cell(Glyph(Unicode.Scalar(byte)), style: style))
                x += 1
                return true
            },
            character: { character in
                if repertoire == .ascii, !character.isASCII {
                    for standIn in TextRepertoire.asciiStandIn(for: character) where x < limit {
                        overwrite(row: row, column: x, with: Cell(Glyph(standIn.unicodeScalars.first ?? " "), style: style))
                        x += 1
                    }
                    return true
                }
                let w = DisplayWidth.of(character)
                if w == 0 { return true }
                if x + w > limit {
                    if x < limit { overwrite(row: row, column: x, with: Cell(Glyph.space, style: style)); x += 1 }
                    return false
                }
                let glyph = character.isASCII ? Glyph(character.unicodeScalars.first ?? " ")
                    : Glyph(String(TerminalGrapheme.normalised(character)))
                overwrite(row: row, column: x, with: Cell(glyph, style: style))
                if w == 2 { overwrite(row: row, column: x + 1, with: Cell(Glyph.continuation, style: style)) }
                x += w
                return true
            })
        return x - column
    }

    /// Fills columns `column..<column+count` of `row` with spaces in `style`.
    public mutating func fill(row: Int, column: Int = 0, count: Int? = nil, style: CellStyle = .plain) {
        guard row >= 0, row < height else { return }
        let end = min(width, column + (count ?? width))
        var x = max(0, column)
        while x < end { overwrite(row: row, column: x, with: Cell(Glyph.space, style: style)); x += 1 }
    }

    /// Replaces row `row` with `cells` (a row laid out for this width), as one copy.
    public mutating func copyRow(_ cells: [Cell], to row: Int) {
        guard row >= 0, row < height, cells.count == width else { return }
        self.cells.replaceSubrange(row * width..<(row + 1) * width, with: cells)
    }

    /// Shows row `row` selected: reverse video on every cell, dim dropped (it would be unreadable reversed).
    public mutating func reverseRow(_ row: Int) {
        guard row >= 0, row < height else { return }
        for index in row * width..<(row + 1) * width {
            cells[index].style.attributes.insert(.reverse)
            cells[index].style.attributes.remove(.dim)
        }
    }

    /// Sets one cell, blanking the other half of any wide character it cuts in two.
    ///
    /// Without this, drawing over half of a wide character (an overlay's border over a CJK
    /// title) would leave a lone half that shifts the rest of the row on a real terminal.
    private mutating func overwrite(row: Int, column: Int, with cell: Cell) {
        let old = self[row, column]
        if old.isContinuation, !cell.isContinuation, column > 0 {
            self[row, column - 1] = Cell(Glyph.space, style: self[row, column - 1].style)
        }
        if !old.isContinuation, column + 1 < width, self[row, column + 1].isContinuation {
            self[row, column + 1] = Cell(Glyph.space, style: self[row, column + 1].style)
        }
        self[row, column] = cell
    }

    /// The text of one row, continuation cells skipped: what a person sees.
    public func text(ofRow row: Int) -> String {
        var line = ""
        for x in 0..<width where !self[row, x].isContinuation { line += self[row, x].text }
        return line
    }

    /// The whole screen as text, one line per row, trailing spaces kept (for snapshots).
    public var text: String {
        (0..<height).map { text(ofRow: $0) }.joined(separator: "\n")
    }
}
