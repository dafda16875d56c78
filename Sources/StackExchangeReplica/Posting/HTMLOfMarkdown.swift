/// A post's Markdown rendered to HTML the way the sites render it, for the `body` of a written post and its preview.
///
/// Written by hand because no Markdown package is among the project's dependencies (Package.swift) or on the lists of
/// packages this environment offers for Swift, and a replica must not pull one in for a few block and inline forms.
/// It covers what people write in answers: paragraphs, ATX and setext headings, fenced code (with a `lang-…` class
/// when the fence names a language, as the sites do) and indented code, block quotes, bulleted and numbered lists
/// (nested by indentation), horizontal rules, and inline code, links, autolinks, emphasis, strong emphasis, hard line
/// breaks and backslash escapes. Raw HTML is escaped rather than passed through: the sites keep a short list of safe
/// tags, and a replica that shows them as text loses nothing a test needs.
enum HTMLOfMarkdown {
    static func html(_ markdown: String) -> String {
        let text = markdown.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\t", with: "    ")
        let blocks = renderBlocks(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), tight: false)
        return blocks.isEmpty ? "" : blocks.joined(separator: "\n\n") + "\n"
    }

    /// Escapes text for HTML: `&`, `<`, `>` and `"` (and `'` in attributes, where the sites escape it too).
    static func escaped(_ text: String, quotes: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    // MARK: Blocks

    /// The HTML of each block of `lines`. In a tight list item, paragraphs are bare text.
    static func renderBlocks(_ lines: [String], tight: Bool) -> [String] {
        var blocks: [String] = []
        var index = 0
        var paragraph: [String] = []
        func closeParagraph() {
            guard !paragraph.isEmpty else { return }
            let inline = renderInline(paragraph.map { $0.drop(while: { $0 == " " }) }.joined(separator: "\n"))
            blocks.append(tight ? inline : "<p>\(inline)</p>")
            paragraph = []
        }
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                closeParagraph()
                index += 1
                continue
            }
            // A setext underline turns the paragraph's last line into a heading.
            if !paragraph.isEmpty, leadingSpaces(line) < 4, !trimmed.isEmpty,
               trimmed.allSatisfy({ $0 == "=" }) || trimmed.allSatisfy({ $0 == "-" })
            {
                let level = trimmed.first == "=" ? 1 : 2
                let title = renderInline(paragraph.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n"))
                paragraph = []
                blocks.append("<h\(level)>\(title)</h\(level)>")
                index += 1
                continue
            }
            if let fence = Fence(line) {
                closeParagraph()
                var body: [String] = []
                index += 1
                while index < lines.count, !fence.isClosed(by: lines[index]) {
                    body.append(String(lines[index].dropFirst(min(fence.indent, leadingSpaces(lines[index])))))
                    index += 1
                }
                index += 1
                blocks.append(codeBlock(body, language: fence.language))
                continue
            }
            if paragraph.isEmpty, leadingSpaces(line) >= 4 {
                var body: [String] = []
                while index < lines.count,
                      leadingSpaces(lines[index]) >= 4 || lines[index].trimmingCharacters(in: .whitespaces).isEmpty
                {
                    body.append(String(lines[index].dropFirst(min(4, leadingSpaces(lines[index])))))
                    index += 1
                }
                while body.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { body.removeLast() }
                blocks.append(codeBlock(body, language: nil))
                continue
            }
            if let level = headingLevel(trimmed), leadingSpaces(line) < 4 {
                closeParagraph()
                var title = trimmed.dropFirst(level).trimmingCharacters(in: .whitespaces)
                while title.hasSuffix("#") { title.removeLast() }
                blocks.append("<h\(level)>\(renderInline(title.trimmingCharacters(in: .whitespaces)))</h\(level)>")
                index += 1
                continue
            }
            if isRule(trimmed), leadingSpaces(line) < 4 {
                closeParagraph()
                blocks.append("<hr />")
                index += 1
                continue
            }
            if trimmed.hasPrefix(">"), leadingSpaces(line) < 4 {
                closeParagraph()
                var quoted: [String] = []
                while index < lines.count {
                    let current = lines[index].trimmingCharacters(in: .whitespaces)
                    guard current.hasPrefix(">") else { break }
                    var rest = current.dropFirst()
                    if rest.first == " " { rest = rest.dropFirst() }
                    quoted.append(String(rest))
                    index += 1
                }
                blocks.append("<blockquote>\n" + renderBlocks(quoted, tight: false).joined(separator: "\n\n") + "\n</blockquote>")
                continue
            }
            if let marker = ListMarker(line), leadingSpaces(line) < 4, paragraph.isEmpty || marker.canInterruptParagraph {
                closeParagraph()
                let (html, next) = renderList(lines, from: index, first: marker)
                blocks.append(html)
                index = next
                continue
            }
            paragraph.append(line)
            index += 1
        }
        closeParagraph()
        return blocks
    }

    static func codeBlock(_ body: [String], language: String?) -> String {
        let code = escaped(body.joined(separator: "\n") + (body.isEmpty ? "" : "\n"), quotes: false)
        guard let language, !language.isEmpty else { return "<pre><code>\(code)</code></pre>" }
        let name = escaped(language)
        return "<pre class=\"lang-\(name) s-code-block\"><code class=\"hljs language-\(name)\">\(code)</code></pre>"
    }

    /// The list starting at `lines[start]` and the index of the first line after it.
    static func renderList(_ lines: [String], from start: Int, first: ListMarker) -> (String, Int) {
        var items: [[String]] = []
        var index = start
        var loose = false
        var sawBlank = false
        while index < lines.count {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                sawBlank = true
                index += 1
                continue
            }
            if let marker = ListMarker(line), marker.isOrdered == first.isOrdered, leadingSpaces(line) < first.contentIndent {
                if sawBlank, !items.isEmpty { loose = true }
                sawBlank = false
                items.append([String(line.dropFirst(marker.contentIndent))])
                index += 1
                continue
            }
            let indent = leadingSpaces(line)
            if sawBlank {
                // After a blank line only indented text continues the item.
                guard indent >= first.contentIndent, !items.isEmpty else { break }
                loose = true
                items[items.count - 1].append("")
            } else if indent < first.contentIndent, startsBlock(line) {
                break
            }
            sawBlank = false
            items[items.count - 1].append(String(line.dropFirst(min(indent, first.contentIndent))))
            index += 1
        }
        let tag = first.isOrdered ? "ol" : "ul"
        let start = first.isOrdered && first.number != 1 ? " start=\"\(first.number)\"" : ""
        let rendered = items.map { item -> String in
            let blocks = renderBlocks(item, tight: !loose)
            return loose ? "<li>\n" + blocks.joined(separator: "\n\n") + "\n</li>" : "<li>" + blocks.joined(separator: "\n") + "</li>"
        }
        return ("<\(tag)\(start)>\n" + rendered.joined(separator: "\n") + "\n</\(tag)>", index)
    }

    /// True when `line` opens a block that ends a list item's lazy continuation.
    static func startsBlock(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return headingLevel(trimmed) != nil || isRule(trimmed) || trimmed.hasPrefix(">") || Fence(line) != nil
            || ListMarker(line) != nil
    }

    static func leadingSpaces(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    /// The level of an ATX heading (`#` to `######` then a space or the end).
    static func headingLevel(_ trimmed: String) -> Int? {
        let hashes = trimmed.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = trimmed.dropFirst(hashes)
        return rest.isEmpty || rest.first == " " ? hashes : nil
    }

    /// True for a horizontal rule: three or more `-`, `*` or `_`, spaces allowed between.
    static func isRule(_ trimmed: String) -> Bool {
        let marks = trimmed.filter { $0 != " " }
        guard marks.count >= 3, let mark = marks.first, "-*_".contains(mark) else { return false }
        return marks.allSatisfy { $0 == mark }
    }

    /// The opening line of a fenced code block: three or more backticks or tildes, and the language it names.
    struct Fence {
        var character: Character
        var length: Int
        var indent: Int
        var language: String?

        init?(_ line: String) {
            indent = HTMLOfMarkdown.leadingSpaces(line)
            guard indent < 4 else { return nil }
            let rest = line.dropFirst(indent)
            guard let first = rest.first, first == "`" || first == "~" else { return nil }
            length = rest.prefix { $0 == first }.count
            guard length >= 3 else { return nil }
            character = first
            let info = rest.dropFirst(length).trimmingCharacters(in: .whitespaces)
            if first == "`", info.contains("`") { return nil }
            let word = info.split(separator: " ").first.map(String.init)
            language = word.map { $0.hasPrefix("lang-") ? String($0.dropFirst(5)) : $0 }
        }

        func isClosed(by line: String) -> Bool {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return HTMLOfMarkdown.leadingSpaces(line) < 4 && trimmed.count >= length && trimmed.allSatisfy { $0 == character }
        }
    }

    /// A list item's marker: `-`, `*` or `+`, or a number and `.` or `)`, then a space.
    struct ListMarker {
        var isOrdered: Bool
        var number: Int
        /// The column the item's text starts at.
        var contentIndent: Int

        init?(_ line: String) {
            let indent = HTMLOfMarkdown.leadingSpaces(line)
            let rest = line.dropFirst(indent)
            if let first = rest.first, "-*+".contains(first) {
                isOrdered = false
                number = 0
                let after = rest.dropFirst()
                guard after.first == " " || after.isEmpty else { return nil }
                contentIndent = indent + 1 + min(4, max(1, after.prefix { $0 == " " }.count))
            } else {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard (1...9).contains(digits.count), let value = Int(digits) else { return nil }
                let after = rest.dropFirst(digits.count)
                guard let delimiter = after.first, delimiter == "." || delimiter == ")" else { return nil }
                let spaces = after.dropFirst()
                guard spaces.first == " " || spaces.isEmpty else { return nil }
                isOrdered = true
                number = value
                contentIndent = indent + digits.count + 1 + min(4, max(1, spaces.prefix { $0 == " " }.count))
            }
        }

        /// A list interrupts a paragraph only when it is a bullet or starts at 1, as CommonMark has it.
        var canInterruptParagraph: Bool { !isOrdered || number == 1 }
    }

    // MARK: Inline

    /// The HTML of one block's text: code spans, links, autolinks, emphasis, line breaks and escapes.
    static func renderInline(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\" where index + 1 < characters.count && isEscapable(characters[index + 1]):
                out += escaped(String(characters[index + 1]))
                index += 2
            case "`":
                let run = run(of: "`", in: characters, at: index)
                if let close = findRun(of: "`", length: run, in: characters, after: index + run) {
                    var code = String(characters[(index + run)..<close]).replacingOccurrences(of: "\n", with: " ")
                    if code.count >= 2, code.hasPrefix(" "), code.hasSuffix(" "), code.contains(where: { $0 != " " }) {
                        code = String(code.dropFirst().dropLast())
                    }
                    out += "<code>\(escaped(code, quotes: false))</code>"
                    index = close + run
                } else {
                    out += String(repeating: "`", count: run)
                    index += run
                }
            case "[":
                if let link = Link(characters, at: index) {
                    if let href = safeURL(link.url) {
                        let title = link.title.map { " title=\"\(escaped($0))\"" } ?? ""
                        out += "<a href=\"\(escaped(href))\"\(title) rel=\"nofollow noreferrer\">\(renderInline(link.text))</a>"
                    } else {
                        out += renderInline(link.text)
                    }
                    index = link.end
                } else {
                    out += "["
                    index += 1
                }
            case "<":
                if let close = characters[index...].firstIndex(of: ">"),
                   case let inside = String(characters[(index + 1)..<close]),
                   !inside.contains(" "), let href = safeURL(inside), href.contains(":")
                {
                    out += "<a href=\"\(escaped(href))\" rel=\"nofollow noreferrer\">\(escaped(inside))</a>"
                    index = close + 1
                } else {
                    out += "&lt;"
                    index += 1
                }
            case "*", "_":
                let run = min(2, run(of: character, in: characters, at: index))
                if let close = emphasisClose(character, length: run, in: characters, from: index) {
                    let tag = run == 2 ? "strong" : "em"
                    out += "<\(tag)>\(renderInline(String(characters[(index + run)..<close])))</\(tag)>"
                    index = close + run
                } else {
                    let whole = self.run(of: character, in: characters, at: index)
                    out += String(repeating: character, count: whole)
                    index += whole
                }
            case "\n":
                // Two spaces before a line break make a hard break.
                if out.hasSuffix("  ") {
                    while out.hasSuffix(" ") { out.removeLast() }
                    out += "<br />\n"
                } else {
                    out += "\n"
                }
                index += 1
            default:
                out += escaped(String(character))
                index += 1
            }
        }
        return out
    }

    static func isEscapable(_ character: Character) -> Bool { "\\`*_{}[]()#+-.!<>|~\"'".contains(character) }

    static func run(of character: Character, in characters: [Character], at index: Int) -> Int {
        var end = index
        while end < characters.count, characters[end] == character { end += 1 }
        return end - index
    }

    /// The start of the next run of exactly `length` of `character` after `start`.
    static func findRun(of character: Character, length: Int, in characters: [Character], after start: Int) -> Int? {
        var index = start
        while index < characters.count {
            if characters[index] == character {
                let found = run(of: character, in: characters, at: index)
                if found == length { return index }
                index += found
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Where the emphasis opened at `start` closes: the opener is followed by a non-space (and for `_` not preceded
    /// by a letter or digit, so `snake_case` stays as written), the closer preceded by a non-space.
    static func emphasisClose(_ character: Character, length: Int, in characters: [Character], from start: Int) -> Int? {
        let contentStart = start + length
        guard contentStart < characters.count, !characters[contentStart].isWhitespace else { return nil }
        if character == "_", start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber { return nil }
        var index = contentStart + 1
        while index < characters.count {
            if characters[index] == "`" {
                let ticks = run(of: "`", in: characters, at: index)
                index = (findRun(of: "`", length: ticks, in: characters, after: index + ticks) ?? index) + ticks
                continue
            }
            if characters[index] == character, run(of: character, in: characters, at: index) >= length,
               !characters[index - 1].isWhitespace
            {
                let after = index + length
                if character == "_", after < characters.count, characters[after].isLetter || characters[after].isNumber {
                    index += 1
                    continue
                }
                return index
            }
            index += 1
        }
        return nil
    }

    /// `url` when it is safe to link (http, https, ftp, mailto, or relative), with spaces percent-encoded.
    static func safeURL(_ url: String) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let lower = trimmed.lowercased()
        if let colon = lower.firstIndex(of: ":"), !lower[..<colon].contains("/") {
            guard ["http", "https", "ftp", "mailto"].contains(String(lower[..<colon])) else { return nil }
        }
        return trimmed.replacingOccurrences(of: " ", with: "%20")
    }

    /// An inline link `[text](url "title")`.
    struct Link {
        var text: String
        var url: String
        var title: String?
        /// The index after the closing parenthesis.
        var end: Int

        init?(_ characters: [Character], at start: Int) {
            var depth = 0
            var index = start
            var textEnd: Int?
            while index < characters.count {
                switch characters[index] {
                case "\\": index += 1
                case "[": depth += 1
                case "]":
                    depth -= 1
                    if depth == 0 { textEnd = index }
                default: break
                }
                if textEnd != nil { break }
                index += 1
            }
            guard let textEnd, textEnd + 1 < characters.count, characters[textEnd + 1] == "(" else { return nil }
            var close = textEnd + 2
            var parens = 1
            while close < characters.count {
                if characters[close] == "(" { parens += 1 }
                if characters[close] == ")" {
                    parens -= 1
                    if parens == 0 { break }
                }
                close += 1
            }
            guard close < characters.count else { return nil }
            text = String(characters[(start + 1)..<textEnd])
            var destination = String(characters[(textEnd + 2)..<close]).trimmingCharacters(in: .whitespaces)
            title = nil
            if destination.hasSuffix("\""), let quote = destination.dropLast().lastIndex(of: "\""),
               destination[..<quote].hasSuffix(" ")
            {
                title = String(destination[destination.index(after: quote)..<destination.index(before: destination.endIndex)])
                destination = destination[..<quote].trimmingCharacters(in: .whitespaces)
            }
            if destination.hasPrefix("<"), destination.hasSuffix(">") { destination = String(destination.dropFirst().dropLast()) }
            url = destination
            end = close + 1
        }
    }
}
