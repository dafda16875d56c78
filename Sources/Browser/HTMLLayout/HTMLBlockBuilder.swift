import Highlight
import StackExchange

/// Turns the tokens of one post's HTML body into blocks, numbering its links in the document's `LinkTable`.
///
/// Tolerant by design: unknown tags are ignored (their text kept), stray end tags do nothing, and whatever is
/// still open at the end is closed. Every C0/C1 control character is stripped as text is placed.
struct HTMLBlockBuilder {
    static let codeStyle = CellStyle(foreground: .cyan, role: .code)
    static let linkMarkerStyle = CellStyle(foreground: .blue, role: .link)

    private(set) var blocks: [DetailBlock] = []
    /// The link numbers this post used, in order of first use within the post.
    private(set) var linkNumbers: [Int] = []

    private var containers: [BlockContainer] = []
    private var needsBlank = false
    /// The block count when the innermost container opened: its first block gets no blank line before it.
    private var containerStart = 0
    // Not private: the inline-text extension (its own file) places text with these.
    var inline = InlineText()
    var bold = 0
    var underline = 0
    var code = 0
    var heading = false
    private var hrefs: [String?] = []
    private var preDepth = 0
    private var preText = ""
    /// The language hint of the `<pre>` being read: its `lang-…` class.
    private var preHint = LanguageChoice.Hint.questionDefault
    private var skipDepth = 0
    /// The link number of the picture just placed, until text follows it.
    private var pictureLink: Int?

    /// The blocks and link numbers of `html`.
    static func build(_ html: String, links: inout LinkTable) -> (blocks: [DetailBlock], linkNumbers: [Int]) {
        var builder = HTMLBlockBuilder()
        for token in HTMLTokenizer.tokens(html) { builder.handle(token, links: &links) }
        builder.finish()
        return (builder.blocks, builder.linkNumbers)
    }

    private mutating func handle(_ token: HTMLToken, links: inout LinkTable) {
        switch token {
        case .text(let text):
            if skipDepth > 0 { return }
            if preDepth > 0 { preText += PlainText.sanitizeMultiline(text) } else { appendInline(text) }
        case .startTag(let name, let attributes, let selfClosing):
            start(name, attributes: attributes, selfClosing: selfClosing, links: &links)
        case .endTag(let name):
            end(name, links: &links)
        case .comment:
            break
        }
    }

    private mutating func start(_ name: String, attributes: [String: String], selfClosing: Bool, links: inout LinkTable) {
        if preDepth > 0 {
            if name == "br" { preText += "\n" }
            if name == "pre" { preDepth += 1 }
            return
        }
        switch name {
        case "p", "table", "dl":
            beginBlock(spaced: true)
        case "div", "section", "article", "header", "footer", "details", "summary", "figure", "figcaption",
             "tr", "dt", "dd", "center":
            beginBlock(spaced: false)
        case "h1", "h2", "h3", "h4", "h5", "h6":
            beginBlock(spaced: true)
            heading = true
        case "pre":
            beginBlock(spaced: true)
            preDepth = 1
            preText = ""
            preHint = LanguageChoice.Hint(classAttribute: attributes["class"])
        case "blockquote":
            beginBlock(spaced: true)
            open(.quote)
        case "ul", "ol":
            let nested = containers.contains { if case .list = $0 { return true } else { return false } }
            beginBlock(spaced: !nested)
            let first = Int(attributes["start"] ?? "") ?? 1
            open(.list(ordered: name == "ol", next: first))
        case "li":
            flushInline()
            startItem()
        case "br":
            inline.append("\n", style: .plain)
        case "hr":
            beginBlock(spaced: true)
            emit(.rule)
            needsBlank = true
        case "img":
            let alt = PlainText.sanitize(PlainText.decode(attributes["alt"] ?? "")).trimmingSpaces
            let source = PlainText.decode(attributes["src"] ?? "").trimmingSpaces
            guard !source.isEmpty else {
                appendInline(alt.isEmpty ? "[image]" : "[image: \(alt)]", style: CellStyle(.dim, role: .dim))
                return
            }
            // A picture is a block of its own: its box, then the picture, between the text before and after it.
            let number = links.number(for: source)
            if !linkNumbers.contains(number) { linkNumbers.append(number) }
            flushInline()
            emit(.picture(PostPicture(url: source, alt: alt, link: number)))
            pictureLink = number
        case "a":
            let href = PlainText.decode(attributes["href"] ?? "").trimmingSpaces
            // `<a href="…"/>` has no text to mark, so it opens nothing.
            if !selfClosing { hrefs.append(href.isEmpty ? nil : href) }
        case "strong", "b":
            bold += 1
        case "em", "i":
            underline += 1
        case "code", "kbd", "tt", "samp":
            code += 1
        case "td", "th":
            if !inline.isBlank { appendInline(" │ ", style: CellStyle(.dim)) }
        case "script", "style":
            if !selfClosing { skipDepth += 1 }
        default:
            break
        }
    }

    private mutating func end(_ name: String, links: inout LinkTable) {
        if preDepth > 0 {
            guard name == "pre" else { return }
            preDepth -= 1
            if preDepth == 0 { emitCode() }
            return
        }
        switch name {
        case "p", "table", "dl":
            flushInline()
            needsBlank = true
        case "div", "section", "article", "header", "footer", "details", "summary", "figure", "figcaption",
             "tr", "dt", "dd", "center":
            flushInline()
        case "h1", "h2", "h3", "h4", "h5", "h6":
            flushInline()
            heading = false
            needsBlank = true
        case "blockquote":
            flushInline()
            if let index = containers.lastIndex(of: .quote) { containers.removeSubrange(index...) }
            needsBlank = true
        case "ul", "ol":
            flushInline()
            if let index = containers.lastIndex(where: { if case .list = $0 { return true } else { return false } }) {
                containers.removeSubrange(index...)
            }
            if !containers.contains(where: { if case .list = $0 { return true } else { return false } }) { needsBlank = true }
        case "li":
            flushInline()
            if let index = containers.lastIndex(where: { if case .item = $0 { return true } else { return false } }) {
                containers.removeSubrange(index...)
            }
        case "a":
            guard let href = hrefs.popLast() else { return }
            guard let href else { return }
            // A link around nothing but its picture (the sites' usual `<a href=x><img src=x></a>`) is the picture's
            // own number, already on its box.
            if let pictureLink, inline.isBlank, links.number(for: href) == pictureLink { self.pictureLink = nil; return }
            let number = links.number(for: href)
            if !linkNumbers.contains(number) { linkNumbers.append(number) }
            appendInline("[\(number)]", style: Self.linkMarkerStyle)
        case "strong", "b":
            bold = max(0, bold - 1)
        case "em", "i":
            underline = max(0, underline - 1)
        case "code", "kbd", "tt", "samp":
            code = max(0, code - 1)
        case "script", "style":
            skipDepth = max(0, skipDepth - 1)
        default:
            break
        }
    }

    private mutating func finish() {
        if preDepth > 0 { emitCode() }
        flushInline()
    }

    // MARK: Blocks

    /// Ends the paragraph in progress; a spaced block also gets a blank line before it when something precedes it.
    private mutating func beginBlock(spaced: Bool) {
        flushInline()
        if spaced { needsBlank = true }
    }

    private mutating func flushInline() {
        inline.trimTrailingSpaces()
        if !inline.isBlank { emit(.text(inline)) }
        inline = InlineText()
    }

    private mutating func emitCode() {
        var lines = preText.split(separator: "\n", omittingEmptySubsequences: false).map { Self.expandTabs($0) }
        preText = ""
        if lines.first?.isEmpty == true { lines.removeFirst() }
        if lines.last?.isEmpty == true { lines.removeLast() }
        needsBlank = true
        if !lines.isEmpty { emit(.code(lines, hint: preHint)) }
        needsBlank = true
    }

    /// Pushes `container`, first placing a pending blank line outside it (so a quote does not open with a bare bar).
    private mutating func open(_ container: BlockContainer) {
        emitPendingBlank()
        containers.append(container)
        containerStart = blocks.count
    }

    private mutating func emit(_ content: DetailBlock.Content) {
        if blocks.count > containerStart { emitPendingBlank() }
        needsBlank = false
        let (first, rest) = BlockContainer.prefixes(&containers)
        blocks.append(DetailBlock(content: content, firstPrefix: first, restPrefix: rest))
    }

    private mutating func emitPendingBlank() {
        if needsBlank, !blocks.isEmpty {
            var scratch = containers
            let rest = BlockContainer.prefixes(&scratch).rest.filter { $0 == BlockContainer.quoteBar }
            blocks.append(DetailBlock(content: .blank, firstPrefix: rest, restPrefix: rest))
        }
        needsBlank = false
    }

    private mutating func startItem() {
        // An `<li>` closes an item left open before it (`<li>a<li>b`).
        if let list = containers.lastIndex(where: { if case .list = $0 { return true } else { return false } }) {
            containers.removeSubrange((list + 1)...)
            guard case .list(let ordered, let next) = containers[list] else { return }
            containers[list] = .list(ordered: ordered, next: next + 1)
            open(.item(marker: ordered ? "\(next). " : "• ", markerShown: false))
        } else {
            open(.item(marker: "• ", markerShown: false))
        }
    }

    /// `line` with tabs expanded to stops every four columns, measured by display width.
    static func expandTabs(_ line: Substring) -> String {
        guard line.utf8.contains(0x09) else { return String(line) }
        var out = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = 4 - column % 4
                out += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                out.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return out
    }
}

extension String {
    /// The string without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        guard first == " " || last == " " else { return self }
        var scalars = Substring(self).unicodeScalars
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
