/// Decodes HTML character references: named (`&amp;`), decimal (`&#39;`) and hex (`&#x1F600;`).
///
/// Unknown or malformed references are left as they are; a numeric reference to an invalid
/// scalar (a surrogate, 0, beyond U+10FFFF) becomes U+FFFD.
public enum HTMLEntities {
    /// The named references the API and post bodies use in practice.
    static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "laquo": "«", "raquo": "»", "copy": "©", "reg": "®", "trade": "™",
        "times": "×", "divide": "÷", "deg": "°", "plusmn": "±", "middot": "·", "bull": "•",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "le": "≤", "ge": "≥",
        "ne": "≠", "shy": "\u{00AD}", "zwj": "\u{200D}", "zwnj": "\u{200C}", "thinsp": "\u{2009}",
        "ensp": "\u{2002}", "emsp": "\u{2003}", "iexcl": "¡", "iquest": "¿", "eacute": "é",
        "egrave": "è", "agrave": "à", "aacute": "á", "ouml": "ö", "uuml": "ü", "auml": "ä",
        "szlig": "ß", "ccedil": "ç", "ntilde": "ñ", "oacute": "ó", "iacute": "í", "uacute": "ú",
    ]

    /// Returns `text` with every character reference it recognises replaced.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while let amp = text[index...].firstIndex(of: "&") {
            out += text[index..<amp]
            let afterAmp = text.index(after: amp)
            // A reference is short; look for its `;` within a bounded window.
            let window = text[afterAmp...].prefix(12)
            if let semi = window.firstIndex(of: ";"), let decoded = reference(text[afterAmp..<semi]) {
                out += decoded
                index = text.index(after: semi)
            } else {
                out += "&"
                index = afterAmp
            }
        }
        out += text[index...]
        return out
    }

    private static func reference(_ name: Substring) -> String? {
        if name.first == "#" {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value else { return nil }
            guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return String(Character(scalar))
        }
        return named[name]
    }
}
