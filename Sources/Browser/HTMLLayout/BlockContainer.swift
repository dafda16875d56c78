/// A block that holds other blocks and shapes their prefix: a blockquote, a list, or a list item.
enum BlockContainer: Hashable, Sendable {
    /// `<blockquote>`: every line inside starts with a bar.
    case quote
    /// `<ul>` or `<ol>`; `next` is the number the next ordered item gets.
    case list(ordered: Bool, next: Int)
    /// `<li>`: its first line shows `marker`, the others a hanging indent as wide.
    case item(marker: String, markerShown: Bool)

    static let quoteBar = StyledSpan("│ ", style: CellStyle(.dim, role: .quote))

    /// The prefix the stack of containers gives a block's first line and its other lines.
    ///
    /// Markers not yet shown appear on the first line and are then marked shown, so a list item's
    /// second paragraph lines up under the first instead of repeating the bullet.
    static func prefixes(_ stack: inout [BlockContainer]) -> (first: [StyledSpan], rest: [StyledSpan]) {
        var first: [StyledSpan] = []
        var rest: [StyledSpan] = []
        for index in stack.indices {
            switch stack[index] {
            case .quote:
                first.append(quoteBar)
                rest.append(quoteBar)
            case .list:
                break
            case .item(let marker, let shown):
                let indent = StyledSpan(String(repeating: " ", count: DisplayWidth.of(marker)))
                first.append(shown ? indent : StyledSpan(marker))
                rest.append(indent)
                stack[index] = .item(marker: marker, markerShown: true)
            }
        }
        return (first, rest)
    }
}
