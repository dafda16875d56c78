/// A grid of cells the views draw into; the terminal copies it to ncurses, tests compare it as text.
public struct ScreenBuffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown (a prompt), or nil to hide it.
    public var cursor: Position?

    /// A row and column on the screen, 0-based.
    public struct Position: Hashable, Sendable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Writes `text` at (`row`, `column`), clipped to `maxWidth` columns and the right edge.
    ///
    /// Control characters are dropped, wide characters take two cells, and a wide character that
    /// would straddle the limit is replaced by a space. Returns the number of columns written.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, row: Int, column: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        let limit = min(width, column + (maxWidth ?? width))
        var x = column
        for character in text {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if x + w > limit {
                if x < limit { self[row, x] = Cell(" ", style: style); x += 1 }
                break
            }
            self[row, x] = Cell(String(character), style: style)
            if w == 2 { self[row, x + 1] = Cell("", style: style) }
            x += w
        }
        return x - column
    }

    /// Fills columns `column..<column+count` of `row` with spaces in `style`.
    public mutating func fill(row: Int, column: Int = 0, count: Int? = nil, style: CellStyle = .plain) {
        guard row >= 0, row < height else { return }
        let end = min(width, column + (count ?? width))
        var x = max(0, column)
        while x < end { self[row, x] = Cell(" ", style: style); x += 1 }
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
