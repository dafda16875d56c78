import Browser
import Foundation
public import StackExchange

/// The text `--print` writes: each question's title, link, score and tags, then its answers with author, score and
/// link, each body laid out from its HTML by the detail view's reader (`PostText`), so it reads as the site and the
/// browser show it: code blocks (fenced or indented in the Markdown) fenced with the language the browser highlights
/// them in, links as numbered footnotes, entities decoded. The Markdown is the fallback for a body without HTML.
///
/// Every string from the API passes the screen's filter (`InvisibleCharacters`): no control, bidi or zero-width
/// character reaches the terminal or the pipe, and links are checked or rebuilt (`ShellLinks`).
///
/// `width` wraps text on a terminal (nil: unwrapped, for a pipe); `colors` adds ANSI attributes (never under
/// `NO_COLOR`, never into a pipe: the caller decides).
public struct AnswerText: Sendable {
    public var width: Int?
    public var colors: Bool

    public init(width: Int?, colors: Bool) {
        self.width = width
        self.colors = colors
    }

    /// The whole text for `entries`, ending with a newline; `notice` (say, that the results are local) comes first.
    public func text(_ entries: [ShellEntry], notice: String? = nil) -> String {
        var lines: [String] = []
        if let notice { lines += [paint(notice, "2"), ""] }
        for (index, entry) in entries.enumerated() {
            if index > 0 { lines += ["", paint(String(repeating: "─", count: min(width ?? 40, 40)), "2"), ""] }
            lines += question(entry)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func question(_ entry: ShellEntry) -> [String] {
        let question = entry.question
        var meta = [ShellLinks.question(question, site: entry.site), "score \(question.score)"]
        let tags = question.tags.map { Self.printable(PlainText.decode($0)) }.filter { !$0.isEmpty }
        if !tags.isEmpty { meta.append(tags.joined(separator: " ")) }
        var lines = wrap(Self.printable(question.plainTitle)).map { paint($0, "1") }
        lines += wrap(meta.joined(separator: " · ")).map { paint($0, "2") }
        if entry.answers.isEmpty {
            lines += ["", question.answerCount == 0 ? "No answers yet." : "No answers came with the question."]
        }
        for answer in entry.answers {
            let name = answer.owner?.plainDisplayName.map(Self.printable) ?? ""
            var header = ["Answer by \(name.isEmpty ? "unknown" : name)", "score \(answer.score)"]
            if answer.isAccepted { header.append("accepted") }
            header.append(ShellLinks.answer(answer, site: entry.site))
            lines += [""] + wrap(header.joined(separator: " · ")).map { paint($0, "1;32") } + [""]
            lines += body(markdown: answer.bodyMarkdown, html: answer.body, tags: question.tags)
        }
        return lines
    }

    /// A string from the API as one line the screen would draw: no control, bidi or zero-width character.
    static func printable(_ text: String) -> String {
        InvisibleCharacters.printableLine(text)
    }

    /// A body's lines: its HTML laid out as the detail view reads it, with the links below as footnotes; its Markdown
    /// (decoded) only when no HTML came.
    func body(markdown: String?, html: String?, tags: [String]) -> [String] {
        if html == nil, let markdown {
            return markdownLines(InvisibleCharacters.removed(from: PlainText.decodeMultiline(markdown)).text)
        }
        let laidOut = PostText.lines(html: html ?? "", width: width, tags: tags.map { PlainText.decode($0) })
        var lines = laidOut.lines.map(render)
        while lines.last?.isEmpty == true { lines.removeLast() }
        if !laidOut.links.isEmpty {
            lines.append("")
            for (index, url) in laidOut.links.enumerated() { lines.append(paint("[\(index + 1)] \(Self.printable(url))", "2")) }
        }
        return lines
    }

    /// Markdown lines, prose wrapped to the width; code (fenced or indented) untouched and coloured.
    private func markdownLines(_ markdown: String) -> [String] {
        var lines: [String] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                lines.append(paint(line, "36"))
            } else if inFence || line.hasPrefix("    ") || line.hasPrefix("\t") {
                lines.append(paint(line, "36"))
            } else {
                lines += wrap(line)
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// `line` cut at spaces to the width (a word wider than the line stays whole); as is without a width.
    func wrap(_ line: String) -> [String] {
        guard let width, DisplayWidth.of(line) > width else { return [line] }
        let indent = String(line.prefix { $0 == " " || $0 == ">" || $0 == "-" || $0 == "*" }.map { _ in " " })
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = current.isEmpty ? (lines.isEmpty ? String(line.prefix { $0 == " " }) : indent) + word : current + " " + word
            if DisplayWidth.of(candidate) > width, !current.trimmingCharacters(in: .whitespaces).isEmpty {
                lines.append(current)
                current = indent + word
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// A laid-out line as text, its code, link markers and bold text coloured when colours are on.
    private func render(_ line: StyledLine) -> String {
        var text = ""
        for span in line.spans {
            let spanText = Self.printable(span.text)
            guard colors else { text += spanText; continue }
            switch span.style.role {
            case .code?: text += paint(spanText, "36")
            case .link?: text += paint(spanText, "34")
            default: text += span.style.attributes.contains(.bold) ? paint(spanText, "1") : spanText
            }
        }
        return text
    }

    /// `text` in SGR `code` when colours are on.
    private func paint(_ text: String, _ code: String) -> String {
        colors && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
