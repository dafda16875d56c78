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

    /// The help lines for `screen`, keys padded to one column, unwrapped.
    static func lines(keymap: Keymap, screen: KeymapScreen) -> [String] {
        let rows = rows(keymap: keymap, screen: screen)
        let keyWidth = rows.map { DisplayWidth.of($0.keys) }.max() ?? 0
        return rows.map { TextFit.left($0.keys, width: keyWidth) + "  " + $0.help }
    }

    /// The help rows as lines at most `width` columns wide: the keys in a column of their own (a third of the
    /// width at most), each description wrapped under itself, so no word of it is cut at any width.
    static func lines(_ rows: [(keys: String, help: String)], width: Int) -> [String] {
        let keyWidth = min(rows.map { DisplayWidth.of($0.keys) }.max() ?? 0, max(4, width / 3))
        let textWidth = max(1, width - keyWidth - 2)
        let indent = String(repeating: " ", count: keyWidth + 2)
        return rows.flatMap { row in
            let pieces = TextFit.wrap(row.help, width: textWidth).map { indent + $0 }
            // Keys wider than their column get a line of their own (wrapped too), the description under them.
            guard DisplayWidth.of(row.keys) <= keyWidth else { return TextFit.wrap(row.keys, width: width) + pieces }
            return [TextFit.left(row.keys, width: keyWidth) + "  " + pieces[0].dropFirst(indent.count)] + pieces.dropFirst()
        }
    }

    /// The widest the box's text may be on a screen `width` columns wide (two columns of border and margin each side).
    static func textWidth(screenWidth: Int) -> Int { max(1, screenWidth - 4) }

    /// The lines the box shows at once on a screen `height` rows tall.
    static func visibleLines(screenHeight: Int) -> Int { max(1, screenHeight - 2) }

    /// Draws the box centred over `buffer`: one column, wrapped to the width, scrolled to `scroll` when taller
    /// than the screen (the bottom border then says where it is and how to move).
    static func draw(
        rows: [(keys: String, help: String)], title: String, closeKeys: String, scroll: Int, into buffer: inout ScreenBuffer
    ) {
        let lines = lines(rows, width: textWidth(screenWidth: buffer.width))
        let contentWidth = lines.map { DisplayWidth.of($0) }.max() ?? 0
        let boxWidth = min(buffer.width, contentWidth + 4)
        let visible = visibleLines(screenHeight: buffer.height)
        let boxHeight = min(buffer.height, lines.count + 2)
        guard boxWidth >= 2, boxHeight >= 2 else { return }
        let top = max(0, min(scroll, lines.count - visible))
        let left = (buffer.width - boxWidth) / 2
        let row0 = (buffer.height - boxHeight) / 2
        let style = CellStyle.plain
        let horizontal = String(repeating: "─", count: boxWidth - 2)
        buffer.put("┌" + horizontal + "┐", row: row0, column: left, style: style)
        buffer.put(" keys: \(title) ", row: row0, column: left + 2, style: CellStyle(.bold), maxWidth: boxWidth - 3)
        for (offset, line) in lines.dropFirst(top).prefix(boxHeight - 2).enumerated() {
            let row = row0 + 1 + offset
            buffer.fill(row: row, column: left, count: boxWidth)
            buffer.put("│", row: row, column: left)
            buffer.put(TextFit.truncate(line, width: boxWidth - 4), row: row, column: left + 2)
            buffer.put("│", row: row, column: left + boxWidth - 1)
        }
        buffer.put("└" + horizontal + "┘", row: row0 + boxHeight - 1, column: left, style: style)
        var footer = "\(closeKeys) closes"
        if lines.count > visible {
            footer = "\(top + 1)–\(min(lines.count, top + visible))/\(lines.count) · ↑ ↓ PgUp PgDn scroll · " + footer
        }
        buffer.put(" \(footer) ", row: row0 + boxHeight - 1, column: left + 2, style: CellStyle(.dim), maxWidth: boxWidth - 3)
    }
}
