/// One column of the screen: a grapheme and its style, 16 bytes with no heap storage (see `Glyph`).
///
/// A wide character (CJK, most emoji) occupies two cells: the first holds the grapheme, the
/// second holds `""` (a continuation cell the renderer skips).
public struct Cell: Hashable, Sendable {
    public var glyph: Glyph
    public var style: CellStyle

    public init(_ text: String = " ", style: CellStyle = .plain) {
        self.glyph = Glyph(text)
        self.style = style
    }

    public init(_ glyph: Glyph, style: CellStyle = .plain) {
        self.glyph = glyph
        self.style = style
    }

    public static let blank = Cell(Glyph.space)

    /// The grapheme as text (`""` for a continuation cell).
    public var text: String {
        get { glyph.text }
        set { glyph = Glyph(newValue) }
    }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { glyph.isContinuation }

    /// The byte of a printable ASCII cell (space through `~`), which the painter writes in runs; else nil.
    public var asciiByte: UInt8? { glyph.asciiByte }
}
