/// Draws the help box over the current screen: the keymap's keys for each action the screen offers, then what it does.
enum HelpOverlay {
    /// The help lines for `screen`: one per action offered there and bound to a key, keys padded to one column.
    static func lines(keymap: Keymap, screen: KeymapScreen) -> [String] {
        let rows = ActionTable.entries.compactMap { entry -> (keys: String, help: String)? in
            let keys = keymap.keys(for: entry.action, on: screen)
            guard !keys.isEmpty else { return nil }
            return (keys.map(\.helpLabel).joined(separator: ", "), entry.help(on: screen))
        }
        let keyWidth = rows.map { DisplayWidth.of($0.keys) }.max() ?? 0
        return rows.map { TextFit.left($0.keys, width: keyWidth) + "  " + $0.help }
    }

    /// Draws the box centred in `buffer`, clipped when the screen is too short for every line.
    static func draw(keymap: Keymap, screen: KeymapScreen, into buffer: inout ScreenBuffer) {
        let lines = lines(keymap: keymap, screen: screen)
        let contentWidth = lines.map { DisplayWidth.of($0) }.max() ?? 0
        let boxWidth = min(buffer.width, contentWidth + 4)
        let boxHeight = min(buffer.height, lines.count + 2)
        guard boxWidth >= 2, boxHeight >= 2 else { return }
        let left = (buffer.width - boxWidth) / 2
        let top = (buffer.height - boxHeight) / 2
        let style = CellStyle.plain
        let horizontal = String(repeating: "─", count: boxWidth - 2)
        buffer.put("┌" + horizontal + "┐", row: top, column: left, style: style)
        buffer.put(" keys: \(screen.rawValue) ", row: top, column: left + 2, style: CellStyle(.bold), maxWidth: boxWidth - 3)
        for (offset, line) in lines.prefix(boxHeight - 2).enumerated() {
            let row = top + 1 + offset
            buffer.fill(row: row, column: left, count: boxWidth)
            buffer.put("│", row: row, column: left)
            buffer.put(TextFit.truncate(line, width: boxWidth - 4), row: row, column: left + 2)
            buffer.put("│", row: row, column: left + boxWidth - 1)
        }
        buffer.put("└" + horizontal + "┘", row: top + boxHeight - 1, column: left, style: style)
        let close = keymap.keys(for: .toggleHelp, on: screen).first.map { "\($0.helpLabel) or Esc closes" } ?? "Esc closes"
        buffer.put(" \(close) ", row: top + boxHeight - 1, column: left + 2, style: CellStyle(.dim), maxWidth: boxWidth - 3)
    }
}
