import Foundation

/// The inline forms of a block's text: code spans, links and autolinks, emphasis, hard line breaks and escapes.
extension HTMLOfMarkdown {
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
