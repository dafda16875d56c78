/// Draws the help box over the current screen: the keymap's keys for each action the screen offers, then what it does.
enum HelpOverlay {
    /// The help rows for `screen`: one per action offered there and bound to a key, its keys and what it does.
    /// The screen's own rows come first, then one row for each prompt or picker it opens, with that screen's
    /// keys in brief (`site picker  ↑ ↓ PgUp PgDn Home End move · Enter switch to the site · Esc close the picker`).
    static func rows(keymap: Keymap, screen: KeymapScreen) -> [(keys: String, help: String)] {
        ownRows(keymap: keymap, screen: screen) + screen.opens.map { opened in (opened.helpName, brief(keymap: keymap, screen: opened)) }
    }

    /// A text screen's keys on one line: the movement keys together, then each other action with its keys.
    static func brief(keymap: Keymap, screen: KeymapScreen) -> String {
        let movement: Set<Action> = [.moveUp, .moveDown, .pageUp, .pageDown, .first, .last]
        let moves = ActionTable.entries.filter { movement.contains($0.action) }
            .flatMap { keymap.keys(for: $0.action, on: screen) }.map(\.helpLabel)
        var parts = moves.isEmpty ? [] : [moves.joined(separator: " ") + " move"]
        for entry in ActionTable.entries where !movement.contains(entry.action) {
            let keys = keymap.keys(for: entry.action, on: screen)
            guard !keys.isEmpty else { continue }
            parts.append(keys.map(\.helpLabel).joined(separator: " ") + " " + entry.help(on: screen))
        }
        return parts.joined(separator: " · ")
    }

    private static func ownRows(keymap: Keymap, screen: KeymapScreen) -> [(keys: String, help: String)] {
        ActionTable.entries.compactMap { entry -> (keys: String, help: String)? in
            let keys = keymap.keys(for: entry.action, on: screen)
            guard !keys.isEmpty else { return nil }
            return (keys.map(\.helpLabel).joined(separator: ", "), entry.help(on: screen))
        }
    }

    /// The help lines for `screen`, keys padded to one column.
    static func lines(keymap: Keymap, screen: KeymapScreen) -> [String] {
        columns(rows(keymap: keymap, screen: screen), height: .max)
    }

    /// The help rows set in as many columns (side by side, three spaces apart) as it takes to fit `height` lines.
    ///
    /// One column while every row fits; a shorter screen gets more, each with its own key width, so no action
    /// goes unlisted. What is still too wide or too tall for the screen is clipped by the box.
    static func columns(_ rows: [(keys: String, help: String)], height: Int) -> [String] {
        let fit = max(1, min(rows.count, height))
        // As many columns as it takes, balanced: 22 rows in 18 lines are two columns of 11.
        let perColumn = max(1, (rows.count + (rows.count + fit - 1) / fit - 1) / ((rows.count + fit - 1) / fit))
        let columns = stride(from: 0, to: rows.count, by: perColumn).map { start in
            let slice = rows[start..<min(start + perColumn, rows.count)]
            let keyWidth = slice.map { DisplayWidth.of($0.keys) }.max() ?? 0
            return slice.map { TextFit.left($0.keys, width: keyWidth) + "  " + $0.help }
        }
        let widths = columns.map { column in column.map { DisplayWidth.of($0) }.max() ?? 0 }
        return (0..<perColumn).map { line in
            columns.indices.compactMap { index -> String? in
                guard line < columns[index].count else { return nil }
                let isLast = index == columns.count - 1 || line >= columns[index + 1].count
                return isLast ? columns[index][line] : TextFit.left(columns[index][line], width: widths[index])
            }.joined(separator: "   ")
        }
    }

    /// Draws the box centred in `buffer`, in columns when the screen is too short for one, clipped when even they do not fit.
    static func draw(keymap: Keymap, screen: KeymapScreen, into buffer: inout ScreenBuffer) {
        let lines = columns(rows(keymap: keymap, screen: screen), height: buffer.height - 2)
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
