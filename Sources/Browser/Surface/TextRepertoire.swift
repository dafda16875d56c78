import Foundation

/// The characters the terminal can show: all of Unicode (a UTF-8 locale) or ASCII only (no UTF-8 locale exists).
///
/// Under ASCII nothing is dropped: each character is written as an ASCII stand-in (`✓` → `*`, `…` → `...`,
/// `é` → `e`, box lines → `-|+`), and a character with none shows as `?` per column, so a person sees
/// that something is there.
public enum TextRepertoire: Sendable, Hashable {
    case unicode
    case ascii

    /// The ASCII stand-in for `character`: itself when it is ASCII, never empty for a visible character.
    public static func asciiStandIn(for character: Character) -> String {
        if character.isASCII { return String(character) }
        if let known = standIns[character] { return known }
        // Accented letters: the base letter of the canonical decomposition (é → e, Å → A, ñ → n).
        let base = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.filter(\.isASCII)
        if !base.isEmpty { return String(String.UnicodeScalarView(base)) }
        let width = DisplayWidth.of(character)
        return width == 0 ? "" : String(repeating: "?", count: width)
    }

    /// Stand-ins for the letters without a decomposition and for the symbols stackterm itself draws.
    static let standIns: [Character: String] = [
        "✓": "*", "✔": "*", "•": "*", "·": ".", "…": "...", "—": "-", "–": "-", "‘": "'", "’": "'",
        "“": "\"", "”": "\"", "«": "<<", "»": ">>", "→": "->", "←": "<-", "×": "x",
        "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+",
        "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
        "đ": "d", "Đ": "D", "þ": "th", "Þ": "Th", "ð": "d", "ı": "i",
        "⠋": "|", "⠙": "/", "⠹": "-", "⠸": "\\", "⠼": "|", "⠴": "/", "⠦": "-", "⠧": "\\", "⠇": "|", "⠏": "/",
    ]
}
