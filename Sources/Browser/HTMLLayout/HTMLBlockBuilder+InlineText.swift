import StackExchange

/// Placing inline text: whitespace collapsed, control characters stripped, styles from the open tags.
extension HTMLBlockBuilder {
    /// The style the open tags give text placed now.
    var currentStyle: CellStyle {
        var attributes: CellStyle.Attributes = []
        if bold > 0 || heading { attributes.insert(.bold) }
        if underline > 0 { attributes.insert(.underline) }
        if code > 0 { return CellStyle(attributes, foreground: Self.codeStyle.foreground, role: .code) }
        return CellStyle(attributes)
    }

    /// Appends text with whitespace collapsed to single spaces and C0/C1 control characters stripped.
    mutating func appendInline(_ text: String, style: CellStyle? = nil) {
        let style = style ?? currentStyle
        // Most text is ASCII, where each byte is a character: only the runs around non-ASCII bytes go through
        // grapheme breaking. A cluster never continues across an ASCII byte that follows a non-ASCII one, and
        // the ASCII byte before a non-ASCII run joins the slow run in case a combining mark follows it.
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            var j = i
            while j < bytes.count, bytes[j] < 0x80 { j += 1 }
            let fastEnd = j < bytes.count ? max(i, j - 1) : j
            for byte in bytes[i..<fastEnd] { appendASCII(byte, style: style) }
            guard fastEnd < bytes.count else { break }
            var k = j
            while k < bytes.count, bytes[k] >= 0x80 { k += 1 }
            appendCharacters(String(decoding: bytes[fastEnd..<k], as: UTF8.self), style: style)
            i = k
        }
    }

    private mutating func appendASCII(_ byte: UInt8, style: CellStyle) {
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            appendSpace(style)
        } else if byte > 0x20, byte != 0x7F {
            inline.appendASCII(byte, style: style)
        }
    }

    private mutating func appendCharacters(_ text: String, style: CellStyle) {
        for character in text {
            if let ascii = character.asciiValue {
                // `\r\n` is one Character whose asciiValue is `\n`.
                appendASCII(ascii, style: style)
            } else if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                // A control scalar inside a cluster (a C1 control, or a combining mark after ESC): drop the controls.
                let cleaned = PlainText.sanitize(String(character))
                if !cleaned.isEmpty { appendCharacters(cleaned, style: style) }
            } else if Self.isCollapsibleSpace(character) {
                appendSpace(style)
            } else {
                inline.append(character, style: style)
            }
        }
    }

    private mutating func appendSpace(_ style: CellStyle) {
        if !inline.endsInSpace { inline.append(" ", style: style) }
    }

    /// True for a space that collapses; after `PlainText.sanitize` the only ASCII one is `" "`.
    ///
    /// A no-break space stays a word character, so the wrapper never breaks there. The ASCII test comes
    /// first because `isWhitespace` looks up Unicode properties, which dominated the layout's time.
    static func isCollapsibleSpace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii == 0x20 }
        return character.isWhitespace && character != "\u{00A0}"
    }
}
