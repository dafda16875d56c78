/// One block of a laid-out post: wrapped text, a code block, a rule or a blank line, with the prefix each line gets.
///
/// Prefixes carry the list markers, hanging indents and blockquote bars of the containers the block sits in;
/// `firstPrefix` and `restPrefix` always have the same display width.
struct DetailBlock: Hashable, Sendable {
    /// What the block shows.
    enum Content: Hashable, Sendable {
        /// Inline text wrapped to the width.
        case text(InlineText)
        /// Preformatted lines (tabs expanded), shown unwrapped and indented.
        case code([String])
        /// A horizontal rule across the width.
        case rule
        /// An empty line between blocks.
        case blank
    }

    var content: Content
    var firstPrefix: [StyledSpan] = []
    var restPrefix: [StyledSpan] = []
}

/// A paragraph's characters, each with its style; kept as arrays so wrapping never indexes into a `String`.
///
/// Spaces are already collapsed to single `" "`; a `"\n"` is a hard line break (`<br>`).
struct InlineText: Hashable, Sendable {
    var characters: [Character] = []
    var styles: [CellStyle] = []

    var isEmpty: Bool { characters.isEmpty }

    /// Appends `text` in `style` as is (no collapsing); for markers like `[3]` and headers.
    mutating func append(_ text: String, style: CellStyle) {
        for character in text {
            characters.append(character)
            styles.append(style)
        }
    }

    /// True when there is nothing but spaces and line breaks.
    var isBlank: Bool { characters.allSatisfy { $0 == " " || $0 == "\n" } }

    /// Removes trailing spaces.
    mutating func trimTrailingSpaces() {
        while characters.last == " " {
            characters.removeLast()
            styles.removeLast()
        }
    }
}
