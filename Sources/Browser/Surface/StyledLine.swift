/// A run of text drawn in one style.
public struct StyledSpan: Hashable, Sendable {
    public var text: String
    public var style: CellStyle

    public init(_ text: String, style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One line of laid-out text (a wrapped paragraph line, a code line, a heading) as styled spans.
///
/// Views lay text out into lines once (per width) and draw them into a `ScreenBuffer` each frame.
public struct StyledLine: Hashable, Sendable {
    public var spans: [StyledSpan]

    public init(_ spans: [StyledSpan] = []) {
        self.spans = spans
    }

    /// A line of one span.
    public init(_ text: String, style: CellStyle = .plain) {
        self.spans = [StyledSpan(text, style: style)]
    }

    public static let empty = StyledLine()

    /// The text of the line without styles.
    public var text: String { spans.map(\.text).joined() }

    /// The columns the line occupies on the screen.
    public var displayWidth: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }
}

extension ScreenBuffer {
    /// Draws `line` at (`row`, `column`), clipped to `maxWidth` columns and the right edge; returns the columns written.
    @discardableResult
    public mutating func draw(_ line: StyledLine, row: Int, column: Int = 0, maxWidth: Int? = nil) -> Int {
        let limit = maxWidth ?? (width - column)
        var x = column
        for span in line.spans {
            let remaining = limit - (x - column)
            if remaining <= 0 { break }
            x += put(span.text, row: row, column: x, style: span.style, maxWidth: remaining)
        }
        return x - column
    }
}

extension StyledLine {
    /// The columns `start..<end` of the line (to its end when `end` is nil), styles kept; a wide character cut by
    /// either edge becomes spaces, so what is drawn after it stays in its column.
    public func columns(from start: Int, to end: Int? = nil) -> StyledLine {
        var kept: [StyledSpan] = []
        var column = 0
        for span in spans {
            var text = ""
            for character in span.text {
                let width = DisplayWidth.of(character)
                defer { column += width }
                let last = column + width
                if last <= start { continue }
                if let end, column >= end { break }
                let inside = column >= start && end.map { last <= $0 } ?? true
                if inside {
                    text.append(character)
                } else {
                    let from = Swift.max(column, start)
                    let to = Swift.min(last, end ?? last)
                    text += String(repeating: " ", count: Swift.max(0, to - from))
                }
            }
            if !text.isEmpty { kept.append(StyledSpan(text, style: span.style)) }
            if let end, column >= end { break }
        }
        return StyledLine(kept)
    }
}
