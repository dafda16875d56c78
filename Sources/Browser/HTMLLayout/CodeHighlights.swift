import Highlight

/// Code blocks' colours: each block's lines highlighted once per language and kept across layouts, so a
/// resize or a new comment page lays the document out again without lexing its code again.
///
/// Owned by `LayoutMemo` (one per model) and lent to `DetailLayout` while it lays a document out. With
/// `isEnabled` false (`[detail] highlight = false`) every block is drawn in the one code style, as before.
struct CodeHighlights {
    private struct Key: Hashable {
        var lines: [String]
        var language: String
    }

    var isEnabled: Bool
    private var styled: [Key: [[StyledSpan]]] = [:]
    /// How many blocks were highlighted (not found here), for tests.
    private(set) var highlightCount = 0
    /// How many highlighted blocks are kept before the oldest layouts' blocks are let go.
    private let limit = 512

    init(isEnabled: Bool = true) {
        self.isEnabled = isEnabled
    }

    /// The spans of each of `lines` in `language`, from the cache when this block was highlighted before.
    mutating func spans(_ lines: [String], language: Language) -> [[StyledSpan]] {
        let key = Key(lines: lines, language: language.name)
        if let known = styled[key] { return known }
        let result = Highlighter.lines(lines, language: language).map { runs in
            runs.map { StyledSpan($0.text, style: Self.style(for: $0.role)) }
        }
        highlightCount += 1
        if styled.count >= limit { styled.removeAll(keepingCapacity: true) }
        styled[key] = result
        return result
    }

    /// The cell style of a highlight role: the dark look's own colours, tagged with the theme role that
    /// lets `light`, `mono` and a config file's `[theme]` restyle it.
    static func style(for role: HighlightRole) -> CellStyle {
        switch role {
        case .plain, .punctuation: BlockRenderer.codeStyle
        case .keyword: keywordStyle
        case .preprocessor: CellStyle(foreground: .magenta, role: .codeKeyword)
        case .type: CellStyle(foreground: .yellow, role: .codeType)
        case .string: CellStyle(foreground: .green, role: .codeString)
        case .number: CellStyle(foreground: .red, role: .codeNumber)
        case .comment: CellStyle(.dim, role: .codeComment)
        case .function: CellStyle(foreground: .blue, role: .codeFunction)
        }
    }

    static let keywordStyle = CellStyle(.bold, foreground: .magenta, role: .codeKeyword)
    /// The language's name at a block's top-right corner.
    static let labelStyle = CellStyle(.dim, role: .dim)
}
