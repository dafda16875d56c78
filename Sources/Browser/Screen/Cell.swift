/// One column of the screen: a grapheme and its style.
///
/// A wide character (CJK, most emoji) occupies two cells: the first holds the grapheme, the
/// second holds `""` (a continuation cell the renderer skips).
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: CellStyle

    public init(_ text: String = " ", style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    public static let blank = Cell()

    /// True for the right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }
}
