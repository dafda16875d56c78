extension BrowserModel {
    /// Rows the wheel moves per notch.
    static let wheelRows = 3

    /// A mouse report: the wheel scrolls the screen showing; a left click selects a list row (a click on the
    /// selected row opens it), chooses a site in the picker, or opens the numbered link under it in the detail.
    /// Reports with Shift are the terminal's own selection and do nothing here; releases and drags do nothing.
    mutating func handle(_ event: MouseEvent) -> [BrowserEffect] {
        guard !event.modifiers.contains(.shift) else { return [] }
        if state.isHelpVisible {
            if case .press = event.action { state.isHelpVisible = false }
            return []
        }
        // A prompt owns the keyboard; the pointer waits until it closes.
        guard state.prompt == nil else { return [] }
        switch event.action {
        case .wheelUp: return scrollByWheel(.moveUp)
        case .wheelDown: return scrollByWheel(.moveDown)
        case .press(.left): return click(row: event.row, column: event.column)
        default: return []
        }
    }

    /// One notch: the move-up or move-down action, three times, so paging and prefetch apply as for keys.
    private mutating func scrollByWheel(_ action: Action) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for _ in 0..<Self.wheelRows {
            if var picker = state.sitePicker {
                _ = picker.perform(action)
                state.sitePicker = picker
            } else {
                effects += perform(action)
            }
        }
        return effects
    }

    private mutating func click(row: Int, column: Int) -> [BrowserEffect] {
        guard row >= 0, row < bodyHeight else { return [] }
        if var picker = state.sitePicker {
            // The picker's rows start under its heading and a blank line.
            let index = picker.scrollOffset + row - 2
            guard row >= 2, picker.matches.indices.contains(index) else { return [] }
            picker.select(index)
            state.sitePicker = picker
            return handleSitePickerAction(.open)
        }
        if let detail = state.detail {
            // Under a sticky header the document starts a row lower.
            guard let document = layouts.document(for: detail, width: width, now: now),
                  case let line = detail.scroll + row - document.stickyRows(atScroll: detail.scroll),
                  line >= detail.scroll, document.lines.indices.contains(line),
                  let number = Self.linkNumber(in: document.lines[line].text, at: column),
                  document.links.indices.contains(number - 1)
            else { return [] }
            return [.openURL(document.links[number - 1])]
        }
        let index = state.list.scrollOffset + row - ListView.headerRows
        guard row >= ListView.headerRows, state.list.rows.indices.contains(index) else { return [] }
        if index == state.list.selection { return perform(.open) }
        state.list.moveSelection(by: index - state.list.selection)
        return prefetchIfNeeded()
    }

    /// The number of the `[n]` link marker that covers screen column `column` of `text`, or nil.
    static func linkNumber(in text: String, at column: Int) -> Int? {
        var x = 0
        var start: Int?
        var digits = ""
        for character in text {
            let width = DisplayWidth.of(character)
            defer { x += width }
            switch character {
            case "[":
                start = x
                digits = ""
            case "0"..."9" where start != nil:
                digits.append(character)
            case "]" where start != nil && !digits.isEmpty:
                if (start!...x).contains(column) { return Int(digits) }
                start = nil
            default:
                start = nil
            }
        }
        return nil
    }
}
