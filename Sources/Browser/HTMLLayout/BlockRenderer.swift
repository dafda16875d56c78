import Highlight

/// Draws blocks as styled lines for one width: text wrapped inside its prefix, code unwrapped, rules across.
enum BlockRenderer {
    /// The style of code block lines (and of plain text and punctuation in highlighted ones).
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
        var code = CodeHighlights(isEnabled: false)
        var spots: [DetailDocument.PictureSpot] = []
        return lines(blocks, width: width, codeBlocks: &codeBlocks, questionLanguage: nil, code: &code, pictureSpots: &spots)
    }

    /// The lines of `blocks`, recording each code block (its line range within the result) in `codeBlocks`.
    ///
    /// A code block's language is chosen by `LanguageChoice` from its hint, `questionLanguage` (the
    /// question's tags' language) and its first line; its colours come from `code`, which keeps them.
    static func lines(
        _ blocks: [DetailBlock], width: Int, codeBlocks: inout [DetailDocument.CodeBlock], questionLanguage: Language?,
        code: inout CodeHighlights, pictures: PictureShelf? = nil, pictureSpots: inout [DetailDocument.PictureSpot]
    ) -> [StyledLine] {
        let width = max(1, width)
        var lines: [StyledLine] = []
        for block in blocks {
            let (first, rest, room) = fit(block, width: width)
            switch block.content {
            case .blank:
                lines.append(StyledLine(first))
            case .rule:
                lines.append(StyledLine(first + [StyledSpan(String(repeating: "─", count: room), style: CellStyle(.dim))]))
            case .code(let codeLines, let hint):
                let indent = StyledLine(block.restPrefix).displayWidth + codeIndent.count
                codeBlocks.append(DetailDocument.CodeBlock(
                    lines: lines.count..<lines.count + codeLines.count, text: codeLines, indent: indent))
                let language = code.isEnabled
                    ? LanguageChoice.language(hint: hint, questionDefault: questionLanguage, code: codeLines) : nil
                guard let language else {
                    for (index, text) in codeLines.enumerated() {
                        let prefix = index == 0 ? block.firstPrefix : block.restPrefix
                        lines.append(StyledLine(prefix + [StyledSpan(codeIndent + text, style: codeStyle)]))
                    }
                    continue
                }
                let blockStart = lines.count
                for (index, spans) in code.spans(codeLines, language: language).enumerated() {
                    let prefix = index == 0 ? block.firstPrefix : block.restPrefix
                    lines.append(StyledLine(prefix + [StyledSpan(codeIndent, style: codeStyle)] + spans))
                }
                label(&lines, block: blockStart..<lines.count, language: language, width: width)
            case .text(let text):
                lines += textLines(text, room: room, first: first, rest: rest)
            case .picture(let picture):
                let start = lines.count
                let (box, rows) = PictureLines.parts(
                    picture, state: pictures?[picture.url], look: pictures?.look, room: room, first: first, rest: rest)
                lines += box + rows
                var spot = DetailDocument.PictureSpot(
                    picture: picture, lines: start..<lines.count, column: widthOf(rest), boxLines: box.count)
                (spot.firstPrefix, spot.restPrefix, spot.room) = (first, rest, room)
                pictureSpots.append(spot)
            }
        }
        return lines
    }

    /// `block`'s prefixes at `width` columns and the room they leave for its text: when the prefixes of deeply
    /// nested containers leave no room, they are dropped rather than the text. The detail view and `PostText` share it.
    static func fit(_ block: DetailBlock, width: Int) -> (first: [StyledSpan], rest: [StyledSpan], room: Int) {
        let room = width - widthOf(block.firstPrefix)
        guard room >= 1 else { return ([], [], width) }
        return (block.firstPrefix, block.restPrefix, room)
    }

    /// A text block's lines: `text` wrapped to `room` columns, the first line after `first`, the others after `rest`.
    static func textLines(_ text: InlineText, room: Int, first: [StyledSpan], rest: [StyledSpan]) -> [StyledLine] {
        TextWrapper.lineRanges(text, width: room).enumerated().map { index, range in
            TextWrapper.styledLine(text, range: range, prefix: index == 0 ? first : rest)
        }
    }

    /// Writes the language's name, dim, at the right edge of the block's first line with room for it (a space
    /// before it): the top-right corner, or as near it as the code allows. Code is never covered.
    static func label(_ lines: inout [StyledLine], block: Range<Int>, language: Language, width: Int) {
        let name = language.name
        let nameWidth = name.count
        for index in block {
            let used = lines[index].displayWidth
            guard used + 1 + nameWidth <= width else { continue }
            lines[index].spans.append(StyledSpan(String(repeating: " ", count: width - used - nameWidth), style: codeStyle))
            lines[index].spans.append(StyledSpan(name, style: CodeHighlights.labelStyle))
            return
        }
    }

    private static func widthOf(_ spans: [StyledSpan]) -> Int {
        spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
    }
}
