/// The characters the screen does not draw but a copy would carry: bidi controls, zero-width spaces and
/// joiners standing alone, other format characters, and control characters other than line breaks and tabs.
///
/// A copied code block that kept them would paste into a shell as something other than what was read (the
/// "Trojan Source" pattern: U+202E turns the rest of a line around), so copies drop them, as the screen does
/// (`ScreenBuffer.put` skips every zero-width cluster).
public enum InvisibleCharacters {
    /// True when `character` draws nothing and is no line break or tab: a control character, or a cluster
    /// that starts with a format character (Unicode category Cf: U+200B…U+200F, U+202A…U+202E,
    /// U+2066…U+2069, U+FEFF, U+00AD …). A joiner inside an emoji sequence is part of a visible cluster and stays.
    public static func isInvisible(_ character: Character) -> Bool {
        if character == "\n" || character == "\r\n" || character == "\t" { return false }
        guard let first = character.unicodeScalars.first else { return false }
        let v = first.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        // U+00AD (soft hyphen) is a format character the screen draws as a column, so it stays.
        return first.properties.generalCategory == .format && DisplayWidth.of(first) == 0
    }

    /// `text` without its invisible characters, and how many were removed.
    public static func removed(from text: String) -> (text: String, count: Int) {
        var kept = ""
        kept.reserveCapacity(text.utf8.count)
        var count = 0
        for character in text {
            if isInvisible(character) { count += 1 } else { kept.append(character) }
        }
        return (kept, count)
    }

    /// `text` as one line a terminal shows as it reads: invisible characters dropped, line and paragraph breaks and
    /// tabs made spaces. For what stackterm prints outside the screen (stderr, `login`, `whoami`), where text from
    /// the network (a site's error description, a display name) must not move the cursor or turn the line around.
    public static func printableLine(_ text: String) -> String {
        var line = ""
        line.reserveCapacity(text.utf8.count)
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\t" || character == "\u{2028}" || character == "\u{2029}" {
                line.append(" ")
            } else if !isInvisible(character) {
                line.append(character)
            }
        }
        return line
    }
}
