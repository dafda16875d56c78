import Foundation
import StorePorts

/// Draws what the watches found over the list: the banner in place of the column header, and a mark at the start
/// of each row that is new since the person last looked at the list.
enum WatchBannerView {
    static let bannerStyle = CellStyle(.bold, foreground: .magenta, role: .accent)
    static let markStyle = CellStyle(.bold, foreground: .magenta, role: .accent)
    /// The mark before a new row's score.
    static let newMark = "●"

    static func draw(_ model: BrowserModel, into buffer: inout ScreenBuffer, bodyHeight: Int) {
        let state = model.state
        guard !state.list.rows.isEmpty else { return }
        if state.listScreen.listUnderWatchedItems == nil,
           let text = WatchBanner.text(state.watch.unseen, defaultSite: state.list.query.site) {
            let keys = model.keymap.keys(for: .watches, on: .list).first.map { " · \($0.helpLabel) shows them" } ?? ""
            let inert = TerminalNotification.inert(text, limit: 400)
            let line = DisplayWidth.of(inert + keys) <= buffer.width ? inert + keys : inert
            buffer.fill(row: 0, style: bannerStyle)
            buffer.put(TextFit.truncate(line, width: buffer.width), row: 0, column: 0, style: bannerStyle)
        }
        var list = state.list
        list.keepSelectionVisible(height: ListView.listHeight(bodyHeight: bodyHeight))
        for screenRow in 0..<ListView.listHeight(bodyHeight: bodyHeight) {
            let index = list.scrollOffset + screenRow
            guard list.rows.indices.contains(index) else { break }
            let listRow = list.rows[index]
            guard state.watch.isNew(listRow, site: model.site(of: listRow), inWatchedItems: state.listScreen.listUnderWatchedItems != nil)
            else { continue }
            let row = screenRow + ListView.headerRows
            let style = index == list.selection ? CellStyle(.reverse, role: .selectedRow) : markStyle
            buffer.put(newMark, row: row, column: 0, style: style)
        }
    }
}
