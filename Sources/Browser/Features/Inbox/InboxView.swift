import Foundation
import StackExchange

/// Draws the inbox: one row per item, an unread dot, its type, site, title and age; the selection reversed.
enum InboxView {
    static let headerStyle = CellStyle(.bold, role: .title)
    static let unreadStyle = CellStyle(.bold, foreground: .magenta, role: .accent)
    static let dimStyle = CellStyle(.dim, role: .dim)
    static let selectedStyle = CellStyle(.reverse, role: .selectedRow)

    /// Draws `inbox`; `loading` is true while the ledger has its items in flight.
    static func draw(
        _ inbox: InboxState, loading: Bool, siteNames: [String: String], now: Date, into buffer: inout ScreenBuffer, height: Int
    ) {
        var header = " Inbox"
        switch inbox.phase {
        case _ where loading: header += inbox.items.isEmpty ? " · loading…" : " · refreshing…"
        case .failed(let message): header += " · " + message
        case .loaded, .idle: break
        }
        if inbox.isFromStore { header += " · kept from the last run" }
        header += " · Enter open · Esc back"
        buffer.put(TextFit.truncate(header, width: buffer.width), row: 0, column: 0, style: headerStyle)
        if inbox.items.isEmpty, !loading, case .loaded = inbox.phase {
            buffer.put(" Nothing in the inbox.", row: 2, column: 0, style: dimStyle)
            return
        }
        var inbox = inbox
        inbox.keepSelectionVisible(height: max(1, height - 1))
        for row in 1..<max(1, height) {
            let index = inbox.top + row - 1
            guard inbox.items.indices.contains(index) else { break }
            let item = inbox.items[index]
            let selected = index == inbox.selection
            if selected { buffer.fill(row: row, style: selectedStyle) }
            let age = RelativeAge.format(item.creationDate, now: now)
            let site = PlainText.decode(siteNames[item.site.apiSiteParameter] ?? item.site.name)
            let type = TextFit.left(item.typeName, width: 12)
            let siteColumn = TextFit.left(site, width: 16)
            let fixed = 3 + 12 + 1 + 16 + 1 + DisplayWidth.of(age) + 2
            let title = TextFit.truncate(item.plainTitle, width: max(1, buffer.width - fixed))
            let base = selected ? selectedStyle : CellStyle.plain
            var column = buffer.put(item.isUnread ? " ● " : "   ", row: row, column: 0, style: selected ? selectedStyle : unreadStyle)
            column += buffer.put(type + " ", row: row, column: column, style: base)
            column += buffer.put(siteColumn + " ", row: row, column: column, style: selected ? selectedStyle : dimStyle)
            buffer.put(title, row: row, column: column, style: base)
            buffer.put(age, row: row, column: buffer.width - DisplayWidth.of(age) - 1, style: selected ? selectedStyle : dimStyle)
        }
    }
}
