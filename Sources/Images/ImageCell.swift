/// One terminal cell of a picture drawn as text: a character and its colours, for the browser's own screen diff.
public struct ImageCell: Sendable, Equatable {
    public var character: Character
    public var foreground: ImageColour
    public var background: ImageColour

    public init(character: Character, foreground: ImageColour = .default, background: ImageColour = .default) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }
}

/// A cell's colour as the terminal is told it.
public enum ImageColour: Sendable, Equatable, Hashable {
    /// The terminal's own colour (no colour sent).
    case `default`
    /// One of the 256 palette colours.
    case palette(UInt8)
    /// A 24-bit colour.
    case rgb(RGB)
}

/// A picture drawn as rows of cells.
public struct ImageCells: Sendable, Equatable {
    public var rows: [[ImageCell]]

    public init(rows: [[ImageCell]]) {
        self.rows = rows
    }

    /// The characters alone, a line per row (what `capture-pane` without `-e` shows).
    public var text: String { rows.map { String($0.map(\.character)) }.joined(separator: "\n") }
}
