/// A double-quoted string with backslash escapes: at once a JSON string literal and a TOML basic string.
///
/// The trace file (JSON lines) and `--print-config` (TOML) both write it; the two formats agree on
/// `\"`, `\\`, `\n`, `\r`, `\t` and `\uXXXX`, so one escaper serves both.
enum QuotedString {
    /// `text` quoted, with every control character escaped.
    static func of(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
