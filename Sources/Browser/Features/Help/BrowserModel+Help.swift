extension BrowserModel {
    /// The screen the help is for: the one under it (the watches and the messages share the keys of theirs).
    public var helpContext: HelpContext {
        switch state.contextScreen {
        case .sitePicker: return .sitePicker
        case .detail: return state.commentEditor != nil ? .commentEditor : .detail
        case .inbox: return .inbox
        case .writing, .drafts: return .writing
        case .list, .watches, .messages, .help: return state.bookmarks != nil ? .bookmarks : .list
        }
    }

    /// Opens the help at its top, over the screen showing; the first time ever, that is remembered (the status
    /// bar stops offering it).
    @discardableResult
    mutating func openHelp() -> [BrowserEffect] {
        state.helpScroll = LineScroll()
        state.stack.push(.help)
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
        if [.toggleHelp, .escape, .back, .quit].contains(action) { state.stack.remove(.help) }
        return []
    }
}
