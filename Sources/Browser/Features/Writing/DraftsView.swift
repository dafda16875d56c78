import Foundation
import StorePorts

/// Draws the drafts screen: one row per draft, with its site, what it is for, its age and its first line.
enum DraftsView {
    static let headerStyle = CellStyle(.bold, role: .title)
    static let dimStyle = CellStyle(.dim, role: .dim)
    static let selectedStyle = CellStyle(.reverse, role: .selectedRow)

    static func draw(_ screen: DraftsScreen, now: Date, into buffer: inout ScreenBuffer, height: Int) {
        let header = " Drafts · \(screen.drafts.count) kept · Enter edit it again · d discard · Esc back"
        buffer.put(TextFit.truncate(header, width: buffer.width), row: 0, column: 0, style: headerStyle)
        guard !screen.drafts.isEmpty else {
            buffer.put(" No drafts: what you write in the editor (A, e) is kept here until it is posted or discarded.",
                       row: 2, column: 0, style: dimStyle)
            return
        }
        var screen = screen
        screen.keepSelectionVisible(height: max(1, height - 1))
        for row in 1..<max(1, height) {
            let index = screen.top + row - 1
            guard screen.drafts.indices.contains(index) else { break }
            let draft = screen.drafts[index]
            let selected = index == screen.selection
            if selected { buffer.fill(row: row, style: selectedStyle) }
            let base = selected ? selectedStyle : CellStyle.plain
            let age = RelativeAge.format(draft.updatedAt, now: now)
            var column = buffer.put(" " + TextFit.left(draft.site, width: 14) + " ", row: row, column: 0,
                                    style: selected ? selectedStyle : dimStyle)
            column += buffer.put(TextFit.left(draft.target.summary, width: 30) + " ", row: row, column: column, style: base)
            column += buffer.put(TextFit.left(age, width: 8) + " ", row: row, column: column,
                                 style: selected ? selectedStyle : dimStyle)
            let line = TerminalNotification.inert(DraftsScreen.firstLine(of: draft), limit: 400)
            buffer.put(TextFit.truncate(line, width: max(1, buffer.width - column - 1)), row: row, column: column, style: base)
        }
    }
}
