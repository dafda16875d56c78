extension BrowserModel {
    /// Rows the wheel moves per notch.
    static let wheelRows = 3

    /// A mouse report: the wheel scrolls the screen showing; a left click selects a list row (a click on the
    /// selected row opens it), chooses a site in the picker, or opens the numbered link under it in the detail.
    /// Reports with Shift are the terminal's own selection and do nothing here; releases and drags do nothing.
    mutating func handle(_ event: MouseEvent) -> [BrowserEffect] {
        guard !event.modifiers.contains(.shift) else { return [] }
        if state.stack.top == .help {
            if case .press = event.action { state.stack.remove(.help) }
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
        if state.stack.top == .sitePicker {
            state.sitePickerScreen.wheel(action, rows: Self.wheelRows)
            return []
        }
        for _ in 0..<Self.wheelRows { effects += perform(action) }
        return effects
    }

    private mutating func click(row: Int, column: Int) -> [BrowserEffect] {
        guard row >= 0, row < bodyHeight else { return [] }
        switch state.stack.top {
        case .sitePicker: return carryOut(withScreen(\.sitePickerScreen) { $0.click(row: row, in: &$1) })
        case .detail: return state.detailScreen.click(row: row, column: column, in: context)
        case .list: return carryOut(withScreen(\.listScreen) { $0.click(row: row, in: &$1) })
        // The watches, the inbox, the messages and the writing screens take no click.
        case .watches, .inbox, .messages, .help, .writing, .drafts: return []
        }
    }
}
