extension BrowserModel {
    /// An action while the messages screen shows: the moves scroll it, back, Esc, `q` and `M` close it.
    mutating func performInMessages(_ action: Action) -> [BrowserEffect] {
        guard var screen = state.messagesScreen else { return [] }
        let lineCount = MessagesView.lines(state.messages.log, width: width).count
        let height = MessagesView.textHeight(bodyHeight: bodyHeight)
        switch action {
        case .moveUp: screen.scroll(by: -1, lineCount: lineCount, height: height)
        case .moveDown: screen.scroll(by: 1, lineCount: lineCount, height: height)
        case .pageUp: screen.scroll(by: -max(1, height - 1), lineCount: lineCount, height: height)
        case .pageDown: screen.scroll(by: max(1, height - 1), lineCount: lineCount, height: height)
        case .first: screen.scroll(by: .min, lineCount: lineCount, height: height)
        case .last: screen.scroll(by: .max, lineCount: lineCount, height: height)
        case .messages, .back, .escape, .quit:
            state.messagesScreen = nil
            return []
        default:
            return []
        }
        state.messagesScreen = screen
        return []
    }
}
