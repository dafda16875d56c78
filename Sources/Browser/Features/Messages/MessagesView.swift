import Foundation
import StackExchange

/// Draws the messages screen: a title line, then every message of the run, oldest first, each with its time
/// and kind, wrapped in full (a long path or API error is read here whole).
enum MessagesView {
    /// Where each line starts: `12:04:31 error   ` (time, kind padded to the longest kind).
    static let prefixWidth = 8 + 1 + 8 + 1

    /// The rows left for messages under the title line.
    static func textHeight(bodyHeight: Int) -> Int { max(1, bodyHeight - 1) }

    /// Every message as lines `width` columns wide: the first line of each starts with its time and kind, the
    /// rest are indented under its text.
    static func lines(_ log: MessageLog, width: Int, timeZone: TimeZone = .current) -> [String] {
        guard !log.entries.isEmpty else { return ["no messages yet"] }
        let room = max(1, width - prefixWidth)
        var lines: [String] = []
        for message in log.entries {
            let head = TextFit.left(time(message.postedAt, timeZone: timeZone), width: 9)
                + TextFit.left(message.kind.rawValue, width: 9)
            let indent = String(repeating: " ", count: prefixWidth)
            for (index, chunk) in TextFit.wrap(PlainText.sanitize(message.text), width: room).enumerated() {
                lines.append((index == 0 ? head : indent) + chunk)
            }
        }
        return lines
    }

    /// Draws the screen over the body rows of `buffer` (the status bar stays).
    static func draw(_ screen: MessagesScreen, log: MessageLog, into buffer: inout ScreenBuffer, bodyHeight: Int) {
        for row in 0..<bodyHeight { buffer.fill(row: row) }
        let all = lines(log, width: buffer.width)
        let height = textHeight(bodyHeight: bodyHeight)
        let top = min(max(0, screen.scroll.top), max(0, all.count - height))
        let shown = all.isEmpty ? "" : " \(min(all.count, top + 1))–\(min(all.count, top + height))/\(all.count)"
        let title = " messages: \(log.entries.count)\(shown) · ↑ ↓ PgUp PgDn scroll · Esc back"
        buffer.put(TextFit.truncate(title, width: buffer.width), row: 0, column: 0, style: CellStyle(.bold))
        for (offset, line) in all.dropFirst(top).prefix(height).enumerated() {
            buffer.put(line, row: 1 + offset, column: 0, maxWidth: buffer.width)
        }
    }

    /// `12:04:31` in `timeZone`.
    static func time(_ date: Date?, timeZone: TimeZone) -> String {
        guard let date else { return "--:--:--" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
