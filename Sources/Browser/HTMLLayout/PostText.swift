import Highlight

/// A post's HTML body as text for a shell (`stackterm --print`): the detail screen's own reading of the HTML
/// (`HTMLBlockBuilder`, `TextWrapper`), laid out for a stream instead of a screen.
///
/// Text is wrapped to `width` columns (nil: each paragraph on one line, for a pipe); code blocks are fenced with the
/// language the detail view would highlight them in (```` ```python ````) and never wrapped; links keep their `[n]`
/// markers, set off from the word before them by a space, and are listed by number in `links`, for footnotes. Styles (bold, code, link markers) are kept on the spans
/// so the caller can colour them on a terminal or drop them.
public enum PostText {
    /// `html` laid out; `tags` (the question's) choose the language of a code block without a `lang-…` hint.
    public static func lines(html: String, width: Int?, tags: [String] = []) -> (lines: [StyledLine], links: [String]) {
        var table = LinkTable()
        let blocks = HTMLBlockBuilder.build(html, links: &table).blocks
        let questionLanguage = LanguageChoice.questionDefault(tags: tags)
        let width = width.map { max(1, $0) } ?? Int.max / 2
        var lines: [StyledLine] = []
        for block in blocks {
            let (first, rest, room) = BlockRenderer.fit(block, width: width)
            switch block.content {
            case .blank:
                lines.append(StyledLine(first))
            case .rule:
                lines.append(StyledLine(first + [StyledSpan("---", style: CellStyle(.dim))]))
            case .code(let codeLines, let hint):
                let language = LanguageChoice.language(hint: hint, questionDefault: questionLanguage, code: codeLines)
                let fence = StyledSpan("```", style: BlockRenderer.codeStyle)
                lines.append(StyledLine(first + [fence, StyledSpan(language?.name ?? "", style: BlockRenderer.codeStyle)]))
                for text in codeLines {
                    lines.append(StyledLine(rest + [StyledSpan(text, style: BlockRenderer.codeStyle)]))
                }
                lines.append(StyledLine(rest + [fence]))
            case .text(let text):
                lines += BlockRenderer.textLines(spacedMarkers(text), room: room, first: first, rest: rest)
            case .picture(let picture):
                lines += PictureLines.lines(picture, state: nil, look: nil, room: room, first: first, rest: rest)
            }
        }
        return (lines, table.urls)
    }

    /// `text` with a space before each link marker that follows a word (`the docs [1]`, as a footnote reads in plain
    /// text); the screen draws the marker against the word, in its own colour.
    static func spacedMarkers(_ text: InlineText) -> InlineText {
        var spaced = InlineText()
        var index = 0
        while index < text.count {
            let character = text.text(index..<(index + 1))
            let style = text.styles[index]
            if character == "[", style == HTMLBlockBuilder.linkMarkerStyle, !spaced.endsInSpace,
               spaced.styles.last != HTMLBlockBuilder.linkMarkerStyle || spaced.text((spaced.count - 1)..<spaced.count) == "]" {
                spaced.append(" ", style: text.styles[index - 1])
            }
            spaced.append(character, style: style)
            index += 1
        }
        return spaced
    }
}
