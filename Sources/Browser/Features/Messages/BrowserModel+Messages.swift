extension BrowserModel {
    /// An action while the messages screen shows: the moves scroll it, back, Esc, `q` and `M` close it.
    mutating func performInMessages(_ action: Action) -> [BrowserEffect] {
        let lineCount = MessagesView.lines(state.messages.log, width: width).count
        let height = MessagesView.textHeight(bodyHeight: bodyHeight)
        if !state.messagesScreen.scroll.perform(action, lineCount: lineCount, height: height),
           [.messages, .back, .escape, .quit].contains(action) {
            state.stack.remove(.messages)
        }
        return []
    }
}
