extension BrowserModel {
    /// The screen the help is for: the one under it.
    public var helpContext: HelpContext {
        if state.sitePicker != nil { return .sitePicker }
        if state.detail != nil { return state.commentEditor != nil ? .commentEditor : .detail }
        if state.inbox.isShown { return .inbox }
        return state.bookmarks != nil ? .bookmarks : .list
    }

    /// Opens the help at its top; the first time ever, that is remembered (the status bar stops offering it).
    @discardableResult
    mutating func openHelp() -> [BrowserEffect] {
        state.isHelpVisible = true
        state.helpScroll = LineScroll()
        guard !state.helpSeen else { return [] }
        state.helpSeen = true
        return [remember()]
    }

    /// An action while the help shows: the moves scroll it, help, back, Esc and `q` close it, the rest do nothing.
    mutating func performInHelp(_ action: Action) -> [BrowserEffect] {
        let lines = HelpOverlay.lines(helpContext.rows(keymap: keymap), width: HelpOverlay.textWidth(screenWidth: width))
        if state.helpScroll.perform(action, lineCount: lines.count, height: HelpOverlay.visibleLines(screenHeight: height)) {
            return []
        }
        if [.toggleHelp, .escape, .back, .quit].contains(action) { state.isHelpVisible = false }
        return []
    }
}
