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
        let target = editor.isQuestion ? "the question" : "answer \(editor.postID)"
        let count = "\(editor.count)/\(CommentEditorState.length.upperBound)"
        let keys: String
        var lines: [String]
        switch editor.phase {
        case .editing:
            keys = "Enter preview · Alt-Enter new line · Esc keep draft"
            lines = editor.text.components(separatedBy: "\n")
        case .previewing:
            keys = "previewing… · Esc edit"
            lines = editor.text.components(separatedBy: "\n")
        case .confirming(let rendered):
            keys = "y post it · Esc edit"
            lines = ["as it will show: " + PlainText.decode(strippingTags(rendered))]
        case .waiting(let until, let preview):
            let seconds = max(1, Int(until.timeIntervalSince(now).rounded(.up)))
            keys = (preview ? "previewing" : "posting") + " in \(seconds)s (one comment every 5 seconds) · Esc edit"
            lines = editor.text.components(separatedBy: "\n")
        case .posting:
            keys = "posting… · Esc stop waiting"
            lines = editor.text.components(separatedBy: "\n")
        case .readingClock:
            keys = "sending… "
            lines = editor.text.components(separatedBy: "\n")
        case .checking:
            keys = "may have been posted — checking… · Esc close"
            lines = editor.text.components(separatedBy: "\n")
        case .unverified:
            keys = "not known whether it was posted · Enter check again · Esc close"
            lines = editor.text.components(separatedBy: "\n")
        }
        let rule = " comment on \(target) · \(count) · \(keys) "
        buffer.fill(row: top, style: ruleStyle)
        buffer.put(TextFit.truncate(rule, width: buffer.width), row: top, column: 0, style: ruleStyle)
        if !CommentEditorState.length.contains(editor.count), editor.count > 0 {
            // The count turns red while the site would refuse the length.
            let prefix = " comment on \(target) · "
            buffer.put(count, row: top, column: DisplayWidth.of(prefix), style: problemStyle)
        }
        var textTop = top + 1
        if let problem = editor.problem {
            buffer.put(TextFit.truncate(problem, width: buffer.width - 1), row: textTop, column: 1, style: problemStyle)
            textTop += 1
        }
        let wrapped = lines.flatMap { wrap($0, width: max(1, buffer.width - 2)) }
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

    /// The rendered comment's text without its tags.
    static func strippingTags(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    }
}
