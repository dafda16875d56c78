/// Fits text into a number of terminal columns: cut with an ellipsis, padded left or right.
public enum TextFit {
    /// `text` cut to at most `width` columns, ending in `…` when it was cut; wide characters count as two.
    public static func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.isPrintableASCII(text) {
            return text.utf8.count <= width ? text : String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "…"
        }
        if DisplayWidth.of(text) <= width { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` truncated to `width` columns and padded with spaces on the left (right-aligned).
    public static func right(_ text: String, width: Int) -> String {
        let (cut, columns) = fitted(text, width: width)
        return String(repeating: " ", count: max(0, width - columns)) + cut
    }

    /// `text` truncated to `width` columns and padded with spaces on the right.
    public static func left(_ text: String, width: Int) -> String {
        let (cut, columns) = fitted(text, width: width)
        return cut + String(repeating: " ", count: max(0, width - columns))
    }

    /// `text` truncated to `width` columns, and the columns it then takes: printable ASCII that fits is measured once.
    private static func fitted(_ text: String, width: Int) -> (text: String, columns: Int) {
        if width > 0, text.utf8.count <= width, DisplayWidth.isPrintableASCII(text) { return (text, text.utf8.count) }
        let cut = truncate(text, width: width)
        return (cut, DisplayWidth.of(cut))
    }
}
