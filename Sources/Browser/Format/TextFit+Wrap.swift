extension TextFit {
    /// `text` cut into pieces of at most `width` columns, at a space when there is one in the piece's second half
    /// (else mid-word: a long path or URL), so that every character of `text` is shown.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var pieces: [String] = []
        var rest = Substring(text)
        while DisplayWidth.of(rest) > width {
            var used = 0
            var end = rest.startIndex
            var lastSpace: String.Index?
            while end < rest.endIndex {
                let w = DisplayWidth.of(rest[end])
                if used + w > width { break }
                if rest[end] == " ", used >= width / 2 { lastSpace = end }
                used += w
                end = rest.index(after: end)
            }
            if end == rest.startIndex { end = rest.index(after: end) }
            let cut = lastSpace ?? end
            pieces.append(String(rest[rest.startIndex..<cut]))
            rest = rest[cut...].drop { $0 == " " }
        }
        pieces.append(String(rest))
        return pieces
    }
}
