/// Draws blocks as styled lines for one width: text wrapped inside its prefix, code unwrapped, rules across.
enum BlockRenderer {
    /// The style of code block lines.
    static let codeStyle = HTMLBlockBuilder.codeStyle
    /// The indent of code block lines, after the block's prefix.
    static let codeIndent = "  "

    /// The lines of `blocks` at `width` columns.
    ///
    /// Text lines never exceed `width` (see `TextWrapper`); when the prefixes of deeply nested containers
    /// leave no room, the prefix is dropped rather than the text. Code lines keep their full length: the
    /// screen buffer clips them at the right edge.
    static func lines(_ blocks: [DetailBlock], width: Int) -> [StyledLine] {
        var codeBlocks: [DetailDocument.CodeBlock] = []
        return lines(blocks, width: width, codeBlocks: &codeBlocks)
    }

    /// The lines of `blocks`, recording each code block (its line range within the result) in `codeBlocks`.
    static func lines(_ blocks: [DetailBlock], width: Int, codeBlocks: inout [DetailDocument.CodeBlock]) -> [StyledLine] {
        let width = max(1, width)
        var lines: [StyledLine] = []
        for block in blocks {
            var first = block.firstPrefix
            var rest = block.restPrefix
            var room = width - widthOf(first)
            if room < 1 {
                first = []
                rest = []
                room = width
            }
            switch block.content {
            case .blank:
                lines.append(StyledLine(first))
            case .rule:
                lines.append(StyledLine(first + [StyledSpan(String(repeating: "─", count: room), style: CellStyle(.dim))]))
            case .code(let codeLines):
                codeBlocks.append(DetailDocument.CodeBlock(lines: lines.count..<lines.count + codeLines.count, text: codeLines))
                for (index, code) in codeLines.enumerated() {
                    let prefix = index == 0 ? block.firstPrefix : block.restPrefix
                    lines.append(StyledLine(prefix + [StyledSpan(codeIndent + code, style: codeStyle)]))
                }
            case .text(let text):
                for (index, range) in TextWrapper.lineRanges(text, width: room).enumerated() {
                    lines.append(TextWrapper.styledLine(text, range: range, prefix: index == 0 ? first : rest))
                }
            }
        }
        return lines
    }

    private static func widthOf(_ spans: [StyledSpan]) -> Int {
        spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
    }
}
