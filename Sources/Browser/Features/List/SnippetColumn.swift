import StackExchange

/// The matched words of a search of the store, as a list row shows them beside the title: the text dim,
/// the words that matched bold, cut to the column.
enum SnippetColumn {
    /// The snippet's share of `shared` columns (the title's and the tags' it replaces): a third, so titles stay
    /// readable; none under 30.
    static func width(sharing shared: Int) -> Int {
        shared < 30 ? 0 : shared / 3
    }

    static let textStyle = CellStyle(.dim, role: .dim)
    static let matchStyle = CellStyle(.bold, foreground: .yellow)

    /// `snippet` as spans exactly `width` columns wide.
    static func spans(_ snippet: SearchSnippet, width: Int) -> [StyledSpan] {
        guard width > 0 else { return [] }
        var spans: [StyledSpan] = []
        var left = width
        for piece in snippet.pieces where left > 0 {
            let text = PlainText.sanitize(piece.text)
            let fitted = DisplayWidth.of(text) <= left ? text : TextFit.truncate(text, width: left)
            left -= DisplayWidth.of(fitted)
            spans.append(StyledSpan(fitted, style: piece.isMatch ? matchStyle : textStyle))
        }
        if left > 0 { spans.append(StyledSpan(String(repeating: " ", count: left), style: textStyle)) }
        return spans
    }
}
