/// Draws the help box over the current screen: every row of `ActionTable`, keys then what they do.
enum HelpOverlay {
    /// The help lines, one per action-table entry: the keys padded to one column, then the help text.
    static func lines(entries: [ActionTable.Entry] = ActionTable.entries) -> [String] {
        let keys = entries.map { $0.keys.map(\.helpLabel).joined(separator: ", ") }
        let keyWidth = keys.map { DisplayWidth.of($0) }.max() ?? 0
        return zip(keys, entries).map { TextFit.left($0, width: keyWidth) + "  " + $1.help }
    }

    /// Draws the box centred in `buffer`, clipped when the screen is too short for every line.
    static func draw(into buffer: inout ScreenBuffer) {
        let lines = lines()
        let contentWidth = lines.map { DisplayWidth.of($0) }.max() ?? 0
        let boxWidth = min(buffer.width, contentWidth + 4)
        let boxHeight = min(buffer.height, lines.count + 2)
        guard boxWidth >= 2, boxHeight >= 2 else { return }
        let left = (buffer.width - boxWidth) / 2
        let top = (buffer.height - boxHeight) / 2
        let style = CellStyle.plain
        let horizontal = String(repeating: "─", count: boxWidth - 2)
        buffer.put("┌" + horizontal + "┐", row: top, column: left, style: style)
        buffer.put(" keys ", row: top, column: left + 2, style: CellStyle(.bold), maxWidth: boxWidth - 3)
        for (offset, line) in lines.prefix(boxHeight - 2).enumerated() {
            let row = top + 1 + offset
            buffer.fill(row: row, column: left, count: boxWidth)
            buffer.put("│", row: row, column: left)
            buffer.put(TextFit.truncate(line, width: boxWidth - 4), row: row, column: left + 2)
            buffer.put("│", row: row, column: left + boxWidth - 1)
        }
        buffer.put("└" + horizontal + "┘", row: top + boxHeight - 1, column: left, style: style)
        buffer.put(" ? or Esc closes ", row: top + boxHeight - 1, column: left + 2, style: CellStyle(.dim), maxWidth: boxWidth - 3)
    }
}
