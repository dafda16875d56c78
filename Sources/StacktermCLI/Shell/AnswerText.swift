import Browser
import Foundation
public import StackExchange

/// The text `--print` writes: each question's title, link, score and tags, then its answers with author, score and
/// link, each body as its own Markdown when the API gave it, else its HTML laid out by the detail view's reader
/// (`PostText`: code fenced with its language, links as numbered footnotes).
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
        var meta = [question.link ?? "", "score \(question.score)"].filter { !$0.isEmpty }
        if !question.tags.isEmpty { meta.append(question.tags.map { PlainText.decode($0) }.joined(separator: " ")) }
        var lines = wrap(question.plainTitle).map { paint($0, "1") }
        lines += wrap(meta.joined(separator: " · ")).map { paint($0, "2") }
        if entry.answers.isEmpty {
            lines += ["", question.answerCount == 0 ? "No answers yet." : "No answers came with the question."]
        }
        for answer in entry.answers {
            let author = answer.owner?.plainDisplayName ?? "unknown"
            var header = ["Answer by \(author)", "score \(answer.score)"]
            if answer.isAccepted { header.append("accepted") }
            if let link = Self.answerLink(answer, of: question) { header.append(link) }
            lines += [""] + wrap(header.joined(separator: " · ")).map { paint($0, "1;32") } + [""]
            lines += body(markdown: answer.bodyMarkdown, html: answer.body, tags: question.tags)
        }
        return lines
    }

    /// `https://HOST/a/ID`, from the question's link.
    public static func answerLink(_ answer: Answer, of question: Question) -> String? {
        guard let link = question.link, let url = URL(string: link), let scheme = url.scheme, let host = url.host else { return nil }
        return "\(scheme)://\(host)/a/\(answer.answerID)"
    }

    /// A body's lines: its Markdown as written, else its HTML laid out, with the links below as footnotes.
    func body(markdown: String?, html: String?, tags: [String]) -> [String] {
        if let markdown {
            return markdownLines(PlainText.decodeMultiline(markdown))
        }
        let laidOut = PostText.lines(html: html ?? "", width: width, tags: tags.map { PlainText.decode($0) })
        var lines = laidOut.lines.map(render)
        while lines.last?.isEmpty == true { lines.removeLast() }
        if !laidOut.links.isEmpty {
            lines.append("")
            for (index, url) in laidOut.links.enumerated() { lines.append(paint("[\(index + 1)] \(url)", "2")) }
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
            guard colors else { text += span.text; continue }
            switch span.style.role {
            case .code?: text += paint(span.text, "36")
            case .link?: text += paint(span.text, "34")
            default: text += span.style.attributes.contains(.bold) ? paint(span.text, "1") : span.text
            }
        }
        return text
    }

    /// `text` in SGR `code` when colours are on.
    private func paint(_ text: String, _ code: String) -> String {
        colors && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
