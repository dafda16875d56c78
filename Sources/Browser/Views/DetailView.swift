import Foundation
import StackExchange

/// Draws the question detail: the laid-out document from its scroll position, or the title while it loads.
enum DetailView {
    /// Draws `detail` into the top `height` rows of `buffer`.
    /// With `currentHeaderLine`, the current post (what votes and comments act on) is marked in the right margin:
    /// `◀` on its header when it shows, else `▲` on the top row (its header is above it).
    static func draw(
        _ detail: DetailState, document: DetailDocument?, now: Date, into buffer: inout ScreenBuffer, height: Int,
        currentHeaderLine: Int? = nil
    ) {
        if let document {
            for screenRow in 0..<height {
                let index = detail.scroll + screenRow
                guard document.lines.indices.contains(index) else { break }
                buffer.draw(document.lines[index], row: screenRow)
            }
            if let line = currentHeaderLine {
                let row = line - detail.scroll
                let markStyle = CellStyle(.bold, foreground: .magenta, role: .accent)
                if (0..<height).contains(row) {
                    buffer.put("◀", row: row, column: buffer.width - 1, style: markStyle)
                } else if row < 0 {
                    buffer.put("▲", row: 0, column: buffer.width - 1, style: markStyle)
                }
            }
            if let find = detail.find { highlight(find, scroll: detail.scroll, into: &buffer, height: height) }
            return
        }
        // Column 0, where the laid-out document puts them: the title does not move when the answers arrive.
        let title = TextFit.truncate(detail.question.plainTitle, width: buffer.width)
        buffer.put(title, row: 0, column: 0, style: CellStyle(.bold, role: .title))
        buffer.put(TextFit.truncate(DetailLayout.summary(detail.question, now: now), width: buffer.width), row: 1, column: 0,
                   style: CellStyle(.dim, role: .dim))
        switch detail.phase {
        case .loading:
            buffer.put("loading…", row: 3, column: 0, style: CellStyle(.dim, role: .dim))
        case .failed(let message):
            buffer.put("could not load: " + message, row: 3, column: 0, style: CellStyle(foreground: .red, role: .error))
            let hint = message == DetailMachine.notStoredOffline ? "Esc back to pick another · r once online" : "r retries · Esc back"
            buffer.put(hint, row: 4, column: 0, style: CellStyle(.dim, role: .dim))
        case .loaded:
            break
        }
    }
}
