/// Turns HTML-escaped wire text (titles, display names) into plain text safe for a terminal.
public enum PlainText {
    /// Decodes HTML entities (`&quot;`, `&#39;`, `&amp;`, `&#x1F600;`, …) and strips C0/C1
    /// control characters, so nothing from the network reaches the terminal as an escape sequence.
    public static func decode(_ wire: String) -> String {
        sanitize(HTMLEntities.decode(wire))
    }

    /// Like `decode(_:)` for multi-line text (`body_markdown`): newlines and tabs are kept, `\r\n` and a lone
    /// `\r` become `\n`, and every other C0/C1 control character (ESC, BEL, NUL, CSI 0x9B, DEL) is removed.
    public static func decodeMultiline(_ wire: String) -> String {
        sanitizeMultiline(HTMLEntities.decode(wire))
    }

    /// Removes C0 and C1 control characters except newline and tab; carriage returns become newlines.
    public static func sanitizeMultiline(_ text: String) -> String {
        guard hasControlCharacter(text, keepingLineBreaks: true) else { return text }
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar.value == 0x0D }
            switch scalar.value {
            case 0x0A where previousWasCR: continue
            case 0x09, 0x0A: out.append(scalar)
            case 0x0D: out.append("\n")
            case 0x00...0x1F, 0x7F...0x9F: continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Removes C0 and C1 control characters (and DEL); tabs and newlines become spaces (one line of text).
    public static func sanitize(_ text: String) -> String {
        guard hasControlCharacter(text, keepingLineBreaks: false) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: out.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `text` holds a C0 or C1 control character or DEL (with `keepingLineBreaks`, newlines and tabs do not
    /// count): the text to clean. Read as UTF-8 bytes, so the clean text most titles and names are is returned as it
    /// is, without a walk through its scalars.
    static func hasControlCharacter(_ text: String, keepingLineBreaks: Bool) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x09, 0x0A: if !keepingLineBreaks { return true }
            case 0x00...0x1F, 0x7F: return true
            // U+0080…U+009F are 0xC2 0x80…0x9F in UTF-8 (0xC2 is only ever a lead byte).
            case 0x80...0x9F where previous == 0xC2: return true
            default: break
            }
            previous = byte
        }
        return false
    }
}
