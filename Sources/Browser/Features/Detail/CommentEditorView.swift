import Foundation
import StackExchange

/// Draws the comment editor over the bottom rows of the detail: a rule with the post, the live count and the keys,
/// then the text (or the API's rendering while it waits for `y`), with the cursor at the end of the text.
enum CommentEditorView {
    static let ruleStyle = CellStyle(.reverse, role: .statusBar)
    static let problemStyle = CellStyle(.bold, foreground: .red, role: .error)

    /// The rows the editor takes at the bottom of a body `height` rows high.
    static func height(bodyHeight: Int) -> Int { min(8, max(3, bodyHeight / 3)) }

    /// Draws `editor` into the last `height(bodyHeight:)` rows above `bodyHeight`.
    static func draw(_ editor: CommentEditorState, now: Date, into buffer: inout ScreenBuffer, bodyHeight: Int) {
        let rows = height(bodyHeight: bodyHeight)
        let top = bodyHeight - rows
        for row in top..<bodyHeight { buffer.fill(row: row) }
        let keys: [String]
        var lines = editor.text.components(separatedBy: "\n")
        switch editor.phase {
        case .editing:
            keys = ["Enter preview", "Esc keep draft", "Alt-Enter new line"]
        case .previewing:
            keys = ["previewing…", "Esc edit"]
        case .confirming(let rendered):
            keys = ["y post it", "Esc edit"]
            lines = [previewLine(rendered: rendered, typed: editor.text)]
        case .waiting(let until, let preview):
            let seconds = max(1, Int(until.timeIntervalSince(now).rounded(.up)))
            keys = [(preview ? "previewing" : "posting") + " in \(seconds)s", "Esc edit", "one comment every 5 seconds"]
        case .posting:
            keys = ["posting…", "Esc stop waiting"]
        case .readingClock:
            keys = ["sending…"]
        case .checking:
            keys = ["may have been posted — checking…", "Esc close"]
        case .unverified:
            keys = ["not known whether it was posted", "Enter check again", "Esc close"]
        }
        let count = countText(editor.count)
        let rule = ruleText(target: editor.postName, count: count, keys: keys, width: buffer.width)
        buffer.fill(row: top, style: ruleStyle)
        buffer.put(rule, row: top, column: 0, style: ruleStyle)
        if !CommentEditorState.length.contains(editor.count), editor.count > 0,
           let range = rule.range(of: " · " + count) {
            // The count turns red while the site would refuse the length.
            let column = DisplayWidth.of(String(rule[..<range.lowerBound])) + 3
            buffer.put(count, row: top, column: column, style: problemStyle)
        }
        var textTop = top + 1
        if let problem = editor.problem {
            buffer.put(TextFit.truncate(problem, width: buffer.width - 1), row: textTop, column: 1, style: problemStyle)
            textTop += 1
        }
        let width = max(1, buffer.width - 2)
        // The preview wraps at words, as the site shows it; the text being typed wraps at the edge, so the
        // cursor is where the next character goes.
        let wrapped = editor.phase.isConfirming
            ? lines.flatMap { wrapAtWords($0, width: width) }
            : lines.flatMap { wrap($0, width: width) }
        let room = max(1, bodyHeight - textTop)
        let shown = wrapped.suffix(room)
        for (offset, line) in shown.enumerated() {
            buffer.put(line, row: textTop + offset, column: 1)
        }
        if case .editing = editor.phase {
            let last = shown.last ?? ""
            buffer.cursor = ScreenBuffer.Position(
                row: textTop + max(0, shown.count - 1), column: min(buffer.width - 1, 1 + DisplayWidth.of(last)))
        }
    }

    /// `text` cut into pieces of at most `width` columns.
    static func wrap(_ text: String, width: Int) -> [String] {
        var pieces: [String] = []
        var current = ""
        for character in PlainText.sanitize(text) {
            if DisplayWidth.of(current) + DisplayWidth.of(character) > width {
                pieces.append(current)
                current = ""
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }

    /// `text` in lines of at most `width` columns, broken at spaces (the detail's `TextWrapper`).
    static func wrapAtWords(_ text: String, width: Int) -> [String] {
        var inline = InlineText()
        inline.append(PlainText.sanitize(text), style: .plain)
        return TextWrapper.lineRanges(inline, width: width).map { inline.text($0) }
    }

    /// The rendered comment's text without its tags.
    static func strippingTags(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    }

    /// The live count: `12/15 min` below the site's minimum, `42/600 ✓` within its limits, `612/600 max` above.
    static func countText(_ count: Int) -> String {
        let length = CommentEditorState.length
        if count < length.lowerBound { return "\(count)/\(length.lowerBound) min" }
        if count > length.upperBound { return "\(count)/\(length.upperBound) max" }
        return "\(count)/\(length.upperBound) ✓"
    }

    /// ` comment on answer by sven · 12/15 min · Enter preview · Esc keep draft `: the post and the count, then
    /// as many of `keys` as fit in `width` (they come most important first, and show in that order).
    static func ruleText(target: String, count: String, keys: [String], width: Int) -> String {
        var rule = " comment on \(target) · \(count)"
        for key in keys where DisplayWidth.of(rule + " · " + key + " ") <= width {
            rule += " · " + key
        }
        return TextFit.truncate(rule + " ", width: width)
    }

    /// What the preview shows: the site's rendering as one paragraph (comments keep no line breaks: the site
    /// joins the lines), saying so when the typed text had line breaks.
    static func previewLine(rendered: String, typed: String) -> String {
        let text = PlainText.decode(strippingTags(rendered))
            .components(separatedBy: .newlines).joined(separator: " ")
        let joined = typed.trimmingCharacters(in: .whitespacesAndNewlines).contains("\n")
        return (joined ? "as it will show (one paragraph: comments keep no line breaks): " : "as it will show: ") + text
    }
}
