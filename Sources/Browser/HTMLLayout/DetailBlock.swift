import Highlight

/// One block of a laid-out post: wrapped text, a code block, a rule or a blank line, with the prefix each line gets.
///
/// Prefixes carry the list markers, hanging indents and blockquote bars of the containers the block sits in;
/// `firstPrefix` and `restPrefix` always have the same display width.
struct DetailBlock: Hashable, Sendable {
    /// What the block shows.
    enum Content: Hashable, Sendable {
        /// Inline text wrapped to the width.
        case text(InlineText)
        /// Preformatted lines (tabs expanded), shown unwrapped and indented, with the language its `<pre>`'s
        /// `lang-…` class names (or none).
        case code([String], hint: LanguageChoice.Hint)
        /// A horizontal rule across the width.
        case rule
        /// An empty line between blocks.
        case blank
        /// A picture: its box, then (once fetched) the picture itself.
        case picture(PostPicture)
    }

    var content: Content
    var firstPrefix: [StyledSpan] = []
    var restPrefix: [StyledSpan] = []
}

/// A paragraph's characters, each with its width and style, kept as flat arrays so wrapping never indexes a
/// `String` and each span's text is cut from one UTF-8 buffer (building spans Character by Character was most
/// of the layout's time).
///
/// Spaces are already collapsed to single `" "`; a `"\n"` is a hard line break (`<br>`).
struct InlineText: Hashable, Sendable {
    private(set) var utf8: [UInt8] = []
    /// The UTF-8 offset where each character starts.
    private(set) var starts: [Int] = []
    private(set) var widths: [Int] = []
    private(set) var styles: [CellStyle] = []

    var count: Int { starts.count }
    var isEmpty: Bool { starts.isEmpty }

    mutating func append(_ character: Character, style: CellStyle) {
        starts.append(utf8.count)
        utf8.append(contentsOf: character.utf8)
        widths.append(DisplayWidth.of(character))
        styles.append(style)
    }

    /// Appends one printable ASCII byte (the fast path: one column, its own character).
    mutating func appendASCII(_ byte: UInt8, style: CellStyle) {
        starts.append(utf8.count)
        utf8.append(byte)
        widths.append(1)
        styles.append(style)
    }

    /// Appends `text` in `style` as is (no collapsing); for markers like `[3]` and headers. Its printable ASCII goes
    /// byte by byte (`PrintableRuns`).
    mutating func append(_ text: String, style: CellStyle) {
        PrintableRuns.forEach(
            in: text,
            ascii: { byte in
                appendASCII(byte, style: style)
                return true
            },
            character: { character in
                append(character, style: style)
                return true
            })
    }

    /// True when character `index` is a plain space.
    func isSpace(_ index: Int) -> Bool { isByte(0x20, at: index) }

    /// True when character `index` is a hard line break.
    func isBreak(_ index: Int) -> Bool { isByte(0x0A, at: index) }

    private func isByte(_ byte: UInt8, at index: Int) -> Bool {
        let start = starts[index]
        let end = index + 1 < starts.count ? starts[index + 1] : utf8.count
        return end == start + 1 && utf8[start] == byte
    }

    /// The text of the characters in `range`.
    func text(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let end = range.upperBound < starts.count ? starts[range.upperBound] : utf8.count
        return String(decoding: utf8[starts[range.lowerBound]..<end], as: UTF8.self)
    }

    /// True when there is nothing but spaces and line breaks.
    var isBlank: Bool { (0..<count).allSatisfy { isSpace($0) || isBreak($0) } }

    /// True when the last character is a space or a line break (or there is none), where a space would collapse.
    var endsInSpace: Bool { isEmpty || isSpace(count - 1) || isBreak(count - 1) }

    /// Removes trailing spaces and line breaks.
    mutating func trimTrailingSpaces() {
        while !isEmpty, isSpace(count - 1) || isBreak(count - 1) {
            utf8.removeSubrange(starts.removeLast()...)
            widths.removeLast()
            styles.removeLast()
        }
    }
}
