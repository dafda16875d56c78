import Foundation
import StorePorts

/// Draws the watched items screen (`W`): one row per watch with its unread count, the pause if polling is held,
/// and what a day of watching costs at the interval.
enum WatchesView {
    static let headerStyle = CellStyle(.bold, role: .title)
    static let unreadStyle = CellStyle(.bold, foreground: .magenta, role: .accent)
    static let dimStyle = CellStyle(.dim, role: .dim)
    static let selectedStyle = CellStyle(.reverse, role: .selectedRow)

    static let warningStyle = CellStyle(.bold, foreground: .yellow, role: .error)

    static func draw(_ screen: WatchesScreen, watch: WatchState, defaultSite: String, intervalMinutes: Int,
                     hasKey: Bool = false, into buffer: inout ScreenBuffer, height: Int) {
        let header = " Watching · every \(intervalMinutes) min, about \(watch.requestsPerDay) requests a day"
            + " · Enter new items · w stop · Esc back"
        buffer.put(TextFit.truncate(header, width: buffer.width), row: 0, column: 0, style: headerStyle)
        var row = 1
        if let pause = watch.pause {
            buffer.put(TextFit.truncate(" " + pause.message, width: buffer.width), row: row, column: 0, style: dimStyle)
            row += 1
        }
        // The cost, at the foot of the screen: the watches' rows stay where they are.
        var height = height
        if let warning = watch.costWarning(hasKey: hasKey) {
            let lines = TextFit.wrap(" " + warning, width: buffer.width).prefix(max(0, height - row - 2))
            height -= lines.count
            for (index, line) in lines.enumerated() {
                buffer.put(line, row: height + index, column: 0, style: warningStyle)
            }
        }
        guard !watch.entries.isEmpty else {
            buffer.put(" Nothing is watched: w on a tag filter, a search or a question watches it.", row: row + 1, column: 0,
                       style: dimStyle)
            return
        }
        var screen = screen
        screen.keepSelectionVisible(count: watch.entries.count, height: max(1, height - row))
        for line in row..<max(row, height) {
            let index = screen.top + line - row
            guard watch.entries.indices.contains(index) else { break }
            let entry = watch.entries[index]
            let count = watch.unseen(of: entry).count
            let selected = index == screen.selection
            if selected { buffer.fill(row: line, style: selectedStyle) }
            let base = selected ? selectedStyle : CellStyle.plain
            let mark = count > 0 ? " ● " : "   "
            var column = buffer.put(mark, row: line, column: 0, style: selected ? selectedStyle : unreadStyle)
            let countText = TextFit.right(count > 0 ? "\(count) new" : "", width: 8) + "  "
            column += buffer.put(countText, row: line, column: column, style: selected ? selectedStyle : unreadStyle)
            let label = TerminalNotification.inert(watch.label(entry, defaultSite: defaultSite), limit: 200)
            buffer.put(TextFit.truncate(label, width: max(1, buffer.width - column - 1)), row: line, column: column, style: base)
        }
    }
}
