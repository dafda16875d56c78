/// How many terminal columns a character takes: 0 (controls, combining marks), 1, or 2 (wide).
///
/// A cluster is first normalised (`TerminalGrapheme`), then measured as `wcwidth` would: the sum of
/// its code points' widths. Measured from Unicode properties so headless tests agree with a UTF-8
/// terminal without depending on the process locale (glibc's `wcwidth` answers -1 under the C locale).
public enum DisplayWidth {
    /// The columns `character` occupies.
    public static func of(_ character: Character) -> Int {
        // One byte: an ASCII character of its own (CR-LF, also ASCII, is two), measured without its scalars.
        let utf8 = character.utf8
        if utf8.count == 1, let v = utf8.first { return v < 0x20 || v == 0x7F ? 0 : 1 }
        if character.isASCII {
            guard let v = character.unicodeScalars.first?.value else { return 0 }
            return v < 0x20 || v == 0x7F ? 0 : 1
        }
        var total = 0
        for scalar in TerminalGrapheme.normalised(character).unicodeScalars { total += of(scalar) }
        return total
    }

    /// The columns `text` occupies.
    public static func of(_ text: some StringProtocol) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Whether every byte of `text` is printable ASCII (space to tilde): one column a byte, each its own character.
    ///
    /// The fast path of laying text out: walking bytes instead of grapheme clusters made a PageDown onto rows never
    /// laid out (`scripts/bench "never laid out"`) cheaper; a CR-LF pair, one character of two bytes, is not printable.
    public static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        // The bytes in place when the string has them so (a native string does), without an iterator's step a byte.
        let inPlace = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where !PrintableRuns.isPrintable(byte) { return false }
            return true
        }
        return inPlace ?? text.utf8.allSatisfy(PrintableRuns.isPrintable)
    }

    /// The columns one code point occupies, by the rules of glibc's `wcwidth` (Unicode 15).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return 0 }
        if v < 0x300 { return 1 }
        // Hangul medial vowels and final consonants join the initial consonant's two columns.
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }
        let props = scalar.properties
        switch props.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isEastAsianWide(v) { return 2 }
        // Emoji shown as pictures are wide; regional indicators (flags) are one column each, as in wcwidth.
        if props.isEmojiPresentation, !(0x1F1E6...0x1F1FF).contains(v) { return 2 }
        return 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15), the ones terminals render as two columns.
    static func isEastAsianWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B,
             0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F64F,
             0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
