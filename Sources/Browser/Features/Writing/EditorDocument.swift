public import Foundation
public import StorePorts

/// The Markdown file handed to the person's editor, and what is read back from it.
///
/// The file starts with an instructions block inside an HTML comment, so it is not Markdown the site would show and
/// `#` lines stay headings (rtv moved its instructions into a comment for that reason). For a question (new or
/// edited) `Title:` and `Tags:` header lines come next, then a blank line, then the body. Nothing else of the file is
/// touched: what the person wrote is sent as written, less the instructions block, with CRLF line ends made LF.
public struct EditorDocument: Hashable, Sendable {
    /// The first line of the instructions block; a block that starts so is removed on reading.
    static let instructionsOpening = "<!-- stackterm:"
    static let instructionsClosing = "-->"

    /// What the file is for.
    public var target: WriteTarget
    /// The lines of the instructions block (without the comment's markers).
    public var instructions: [String]
    /// The title, for a question.
    public var title: String
    /// The tags, for a question.
    public var tags: [String]
    /// The body's Markdown.
    public var body: String

    public init(target: WriteTarget, instructions: [String], title: String = "", tags: [String] = [], body: String = "") {
        self.target = target
        self.instructions = instructions
        self.title = title
        self.tags = tags
        self.body = body
    }

    /// The file's text as written for the editor.
    public var text: String {
        var lines = [Self.instructionsOpening]
        // A `-->` inside an instruction would end the comment early: the instructions never hold one.
        lines += instructions.map { "  " + $0.replacingOccurrences(of: "-->", with: "->") }
        lines.append(Self.instructionsClosing)
        if target.hasHeaders {
            lines.append("Title: \(title)")
            lines.append("Tags: \(tags.joined(separator: " "))")
            lines.append("")
        }
        var text = lines.joined(separator: "\n") + "\n"
        text += body
        if !body.isEmpty && !body.hasSuffix("\n") { text += "\n" }
        return text
    }

    /// What the person wrote: `text` read back for `target`. Line ends are made LF; the instructions block is removed
    /// when the file starts with it (after blank lines); for a question the header lines above the first blank line
    /// are read (`Title:`, `Tags:`, case-insensitive; tags split at spaces and commas, a `[tag]` or `<tag>` form
    /// unwrapped), and the rest is the body. Leading and trailing blank lines of the body are dropped.
    public static func read(_ text: String, for target: WriteTarget) -> EditorSubmission {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .components(separatedBy: "\n")
        lines = Array(lines.drop { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        if let first = lines.first, first.trimmingCharacters(in: .whitespaces).hasPrefix(instructionsOpening),
           let end = lines.firstIndex(where: { $0.contains(instructionsClosing) }) {
            lines.removeSubrange(0...end)
        }
        var title: String?
        var tags: [String]?
        if target.hasHeaders {
            lines = Array(lines.drop { $0.trimmingCharacters(in: .whitespaces).isEmpty })
            while let line = lines.first, let (name, value) = header(line) {
                switch name {
                case "title": title = value
                case "tags": tags = splitTags(value)
                default: break
                }
                lines.removeFirst()
            }
        }
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeFirst() }
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        return EditorSubmission(title: title, tags: tags, body: lines.joined(separator: "\n"))
    }

    /// `Name: value` of a header line (`title` or `tags`, lowercased), or nil for a line that is not one.
    static func header(_ line: String) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        guard name == "title" || name == "tags" else { return nil }
        return (name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// Tags as the site's tag field takes them: separated by spaces or commas (or semicolons), lowercased, a `[tag]`
    /// or `<tag>` wrapper removed, duplicates dropped in order.
    public static func splitTags(_ value: String) -> [String] {
        var seen = Set<String>()
        return value.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" || $0 == "\t" }).compactMap { raw in
            var tag = raw.lowercased()
            for (open, close) in [("[", "]"), ("<", ">")] where tag.hasPrefix(open) && tag.hasSuffix(close) && tag.count > 2 {
                tag = String(tag.dropFirst().dropLast())
            }
            guard !tag.isEmpty, seen.insert(tag).inserted else { return nil }
            return tag
        }
    }
}

/// What was read back from the editor's file.
public struct EditorSubmission: Hashable, Sendable, Codable {
    /// The `Title:` header's value, when there was one.
    public var title: String?
    /// The `Tags:` header's tags, when there was one.
    public var tags: [String]?
    /// The body's Markdown, as written (LF line ends, no surrounding blank lines).
    public var body: String

    public init(title: String? = nil, tags: [String]? = nil, body: String) {
        self.title = title
        self.tags = tags
        self.body = body
    }

    /// Whether nothing was written: no body, and no title.
    public var isEmpty: Bool { body.isEmpty && (title ?? "").isEmpty }
}
