extension BrowserModel {
    /// An action while the messages screen shows: the moves scroll it, back, Esc, `q` and `M` close it.
    mutating func performInMessages(_ action: Action) -> [BrowserEffect] {
        guard var screen = state.messagesScreen else { return [] }
        let lineCount = MessagesView.lines(state.messages.log, width: width).count
        if screen.scroll.perform(action, lineCount: lineCount, height: MessagesView.textHeight(bodyHeight: bodyHeight)) {
            state.messagesScreen = screen
        } else if [.messages, .back, .escape, .quit].contains(action) {
            state.messagesScreen = nil
        }
        return []
    }
}
