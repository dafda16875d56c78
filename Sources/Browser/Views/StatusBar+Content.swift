import Foundation

extension StatusBar {
    /// The find position (`match 3/17`) and the comments' state (`loadingSince`: their first fetch is in flight),
    /// for the detail's status line.
    static func findAndComments(_ detail: DetailState, now: Date, loadingSince: Date?) -> [StyledSpan] {
        var spans: [StyledSpan] = []
        if let text = detail.find?.statusText { spans.append(StyledSpan(" │ " + text, style: barStyle)) }
        if let loadingSince {
            spans.append(StyledSpan(" │ " + spinner(since: loadingSince, now: now) + " comments…", style: barStyle))
            return spans
        }
        switch detail.comments.phase {
        case .loaded(_, let count) where detail.comments.isShown:
            spans.append(StyledSpan(" │ \(count) comment" + (count == 1 ? "" : "s"), style: barStyle))
        default:
            break
        }
        return spans
    }

    /// `match 3/17` at the right end of the find prompt.
    static func drawFindStatus(_ text: String, into buffer: inout ScreenBuffer, row: Int) {
        let label = " " + text + " "
        let column = buffer.width - DisplayWidth.of(label)
        guard let cursor = buffer.cursor, column > cursor.column + 1 else { return }
        buffer.put(label, row: row, column: column, style: barStyle)
    }

    /// The picker's line: the filter being typed (with the cursor), the position, and what Enter and Esc do;
    /// `loadingSince` is when its site list was asked for, while the ledger has it in flight.
    static func drawSitePicker(
        _ picker: SitePickerState, loadingSince: Date?, now: Date, into buffer: inout ScreenBuffer, row: Int
    ) {
        var right: String
        switch picker.phase {
        case .waiting:
            right = loadingSince.map { " " + spinner(since: $0, now: now) + " sites · Esc close " } ?? " Esc close "
        case .failed: right = " Esc close "
        case .loaded:
            let position = picker.matches.isEmpty ? "0/0" : "\(picker.selection + 1)/\(picker.matches.count)"
            right = " \(position) · Enter switch · Esc close "
        }
        let label = " site: "
        let labelWidth = buffer.put(label, row: row, column: 0, style: barStyle)
        let rightWidth = DisplayWidth.of(right)
        let room = max(0, buffer.width - labelWidth - rightWidth - 1)
        var text = picker.filter
        while DisplayWidth.of(text) > room, !text.isEmpty { text.removeFirst() }
        let written = buffer.put(text, row: row, column: labelWidth, style: barStyle)
        buffer.cursor = ScreenBuffer.Position(row: row, column: min(buffer.width - 1, labelWidth + written))
        if labelWidth + written + rightWidth < buffer.width {
            buffer.put(right, row: row, column: buffer.width - rightWidth, style: barStyle)
        }
        if case .failed(let message) = picker.phase, labelWidth + written + rightWidth + 2 < buffer.width {
            let room = buffer.width - rightWidth - labelWidth - written - 2
            buffer.put(TextFit.truncate(message, width: room), row: row, column: labelWidth + written + 1, style: errorStyle)
        }
    }
}
