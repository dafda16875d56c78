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
    ///
    /// Read as UTF-8 bytes: a reference's name is ASCII, so a byte that is not ends the look for its `;`. Text
    /// without an `&` (most titles and names) comes back as it is.
    public static func decode(_ text: String) -> String {
        let ampersand = UInt8(ascii: "&")
        guard text.utf8.contains(ampersand) else { return text }
        let source = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == ampersand, let (decoded, end) = reference(in: source, at: index) {
                out.append(contentsOf: decoded.utf8)
                index = end
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The reference whose `&` is at `amp` in `bytes` and the index after its `;`, when it is one this decodes.
    private static func reference(in bytes: [UInt8], at amp: Int) -> (String, Int)? {
        // A reference is short: its `;` comes within the 12 characters after the `&`.
        let limit = min(bytes.count, amp + 1 + 12)
        var semicolon = amp + 1
        while semicolon < limit, bytes[semicolon] != UInt8(ascii: ";") {
            guard bytes[semicolon] < 0x80 else { return nil }
            semicolon += 1
        }
        guard semicolon < limit else { return nil }
        let name = Substring(decoding: bytes[(amp + 1)..<semicolon], as: UTF8.self)
        return reference(name).map { ($0, semicolon + 1) }
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
