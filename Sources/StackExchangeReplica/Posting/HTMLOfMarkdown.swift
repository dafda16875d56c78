import Foundation

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
}
