import Foundation

/// The Markdown a post's HTML body was written in, for `body_markdown`: the replica's data holds only the HTML.
///
/// Written by hand because the replica's bodies use a dozen tags (`p`, `pre`, `code`, `a`, `em`, `strong`, `b`,
/// lists, `blockquote`, `hr`, `br`) and no HTML-to-Markdown package is on the project's list. Entities stay as they
/// are: the API's `body_markdown` is HTML-escaped too. Code blocks become fences with their `lang-…` hint, as the
/// sites' editor writes them today.
enum MarkdownOfHTML {
    static func markdown(_ html: String) -> String {
        var converter = Converter()
        converter.run(html)
        return converter.output
    }

    struct Converter {
        var output = ""
        /// The text of the block being read (a paragraph or list item), before its prefix.
        var line = ""
        /// One entry per open list (`nil` for `ul`, the next number for `ol`) or quote (`"> "`).
        var containers: [Container] = []
        var href: [String] = []
        var linkText: [String] = []
        var inPre = false
        var preLanguage = ""
        var preText = ""

        enum Container {
            case bullet, numbered(Int), quote
            var isQuote: Bool { if case .quote = self { true } else { false } }
        }

        var prefix: String {
            containers.map { container -> String in
                switch container {
                case .quote: "> "
                case .bullet: "  "
                case .numbered: "   "
                }
            }.joined()
        }

        mutating func run(_ html: String) {
            var rest = Substring(html)
            while let open = rest.firstIndex(of: "<") {
                text(String(rest[..<open]))
                guard let close = rest[open...].firstIndex(of: ">") else { rest = rest[open...]; break }
                tag(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            text(String(rest))
            flush()
            while output.hasSuffix("\n") { output.removeLast() }
        }

        mutating func text(_ text: String) {
            if inPre { preText += text; return }
            if !linkText.isEmpty { linkText[linkText.count - 1] += text; return }
            let collapsed = text.split(whereSeparator: { $0 == "\n" || $0 == " " || $0 == "\t" }).joined(separator: " ")
            if collapsed.isEmpty {
                if !text.isEmpty, !line.isEmpty, !line.hasSuffix(" ") { line += " " }
                return
            }
            if let first = text.first, first == " " || first == "\n", !line.isEmpty, !line.hasSuffix(" ") { line += " " }
            line += collapsed
            if let last = text.last, last == " " || last == "\n" { line += " " }
        }

        mutating func inline(_ marker: String) {
            if !linkText.isEmpty { linkText[linkText.count - 1] += marker } else { line += marker }
        }

        mutating func flush() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            line = ""
            guard !trimmed.isEmpty else { return }
            if lineStartsAfterMarker {
                output += trimmed + "\n"
                lineStartsAfterMarker = false
            } else {
                output += prefix + trimmed + "\n\n"
            }
        }

        mutating func tag(_ raw: String) {
            let closing = raw.hasPrefix("/")
            let body = closing ? raw.dropFirst() : Substring(raw)
            let name = body.prefix { $0.isLetter || $0.isNumber }.lowercased()
            if inPre {
                if closing, name == "pre" {
                    inPre = false
                    var code = preText
                    while code.hasSuffix("\n") { code.removeLast() }
                    let lines = ["```" + preLanguage] + code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + ["```"]
                    output += lines.map { prefix + $0 }.joined(separator: "\n") + "\n\n"
                }
                return
            }
            switch (name, closing) {
            case ("p", _), ("div", _), ("h1", _), ("h2", _), ("h3", _): flush()
            case ("br", false): line += "  \n" + prefix
            case ("hr", false):
                flush()
                output += prefix + "---\n\n"
            case ("pre", false):
                flush()
                inPre = true
                preText = ""
                preLanguage = Self.language(of: String(body))
            case ("code", _): inline("`")
            case ("em", _), ("i", _): inline("*")
            case ("strong", _), ("b", _): inline("**")
            case ("a", false):
                href.append(Self.attribute("href", of: String(body)) ?? "")
                linkText.append("")
            case ("a", true):
                guard let target = href.popLast(), let text = linkText.popLast() else { return }
                inline("[\(text)](\(target))")
            case ("ul", false):
                flush()
                containers.append(.bullet)
            case ("ol", false):
                flush()
                containers.append(.numbered(1))
            case ("blockquote", false):
                flush()
                containers.append(.quote)
            case ("ul", true), ("ol", true), ("blockquote", true):
                flush()
                if !containers.isEmpty { containers.removeLast() }
                // The block after a list starts a paragraph of its own.
                if !output.isEmpty, !output.hasSuffix("\n\n") { output += "\n" }
            case ("li", false):
                flush()
                guard let last = containers.indices.last else { return }
                var marker = "- "
                if case .numbered(let number) = containers[last] {
                    marker = "\(number). "
                    containers[last] = .numbered(number + 1)
                }
                // The marker takes the place of the list's own indent on the item's first line.
                let outer = String(prefix.dropLast(containers[last].isQuote ? 2 : (marker.count)))
                output += outer + marker
                lineStartsAfterMarker = true
            case ("li", true):
                flush()
            default: break
            }
        }

        /// Set after a list marker was written: the item's first line goes right after it.
        var lineStartsAfterMarker = false

        static func attribute(_ name: String, of tag: String) -> String? {
            guard let range = tag.range(of: name + "=\"") else { return nil }
            let rest = tag[range.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }

        static func language(of tag: String) -> String {
            guard let classes = attribute("class", of: tag) else { return "" }
            return classes.split(separator: " ").first { $0.hasPrefix("lang-") }.map { String($0.dropFirst(5)) } ?? ""
        }
    }
}
