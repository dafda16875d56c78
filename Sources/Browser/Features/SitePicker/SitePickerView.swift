import Foundation
import StackExchange

/// Draws the site picker over the body: a heading, then one row per matching site (name, then API name),
/// the selected row in reverse video and the site being browsed marked with `•`.
enum SitePickerView {
    /// The rows left for sites under the heading and its blank line.
    static func listHeight(bodyHeight: Int) -> Int { max(1, bodyHeight - 2) }

    /// Draws `picker`; `loading` is true while the ledger has its site list in flight.
    static func draw(_ picker: SitePickerState, loading: Bool, now: Date, into buffer: inout ScreenBuffer, height: Int) {
        buffer.put("Switch site — type to filter, Enter to switch", row: 0, column: 1, style: CellStyle(.bold),
                   maxWidth: buffer.width - 1)
        switch picker.phase {
        case .waiting:
            if loading { buffer.put("loading the site list…", row: 2, column: 1, style: CellStyle(.dim)) }
            return
        case .failed(let message):
            buffer.put(TextFit.truncate("could not load the site list: " + message, width: buffer.width - 1), row: 2,
                       column: 1, style: CellStyle(foreground: .red))
            return
        case .loaded:
            break
        }
        if picker.matches.isEmpty {
            buffer.put("no site matches “\(PlainText.sanitize(picker.filter))”", row: 2, column: 1, style: CellStyle(.dim),
                       maxWidth: buffer.width - 1)
            return
        }
        let nameWidth = min(40, max(10, buffer.width / 2))
        for screenRow in 0..<min(listHeight(bodyHeight: height), height - 2) {
            let index = picker.scrollOffset + screenRow
            guard picker.matches.indices.contains(index) else { break }
            let site = picker.matches[index]
            let marker = site.apiSiteParameter == picker.currentSite ? "• " : "  "
            let name = TextFit.left(PlainText.sanitize(site.plainName), width: nameWidth)
            let line = StyledLine([
                StyledSpan(" " + marker + name + " "),
                StyledSpan(PlainText.sanitize(site.apiSiteParameter), style: CellStyle(.dim)),
            ])
            let row = screenRow + 2
            buffer.draw(line, row: row)
            if index == picker.selection { buffer.reverseRow(row) }
        }
    }
}
