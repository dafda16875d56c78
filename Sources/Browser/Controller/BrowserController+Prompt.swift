extension BrowserController {
    /// Feeds a key to the open prompt; the prompt keymap's `open` (Enter) applies it, `cancel` (Esc) closes it.
    func handlePromptKey(_ key: Key) {
        guard var prompt = state.prompt else { return }
        if prompt.kind == .find {
            handleFindPromptKey(key)
            return
        }
        let outcome: PromptState.Outcome
        switch keymap.action(for: key, on: .prompt) {
        case .open: outcome = prompt.handle(.enter)
        case .escape: outcome = .cancelled
        default:
            // Enter and Esc rebound away from the prompt do nothing there; every other key edits the text.
            if key == .enter || key == .escape { return }
            outcome = prompt.handle(key)
        }
        switch outcome {
        case .editing:
            state.prompt = prompt
        case .cancelled:
            state.prompt = nil
        case .applied(let text):
            state.prompt = nil
            apply(text, for: prompt.kind)
        }
    }

    /// Replaces the query's tags or search text and reloads from page 1.
    func apply(_ text: String, for kind: PromptState.Kind) {
        var query = state.list.query
        switch kind {
        case .tag:
            query.tags = text.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," }).map(String.init)
        case .search:
            query.searchText = text.isEmpty ? nil : text
        case .find:
            return
        }
        reload(query: query)
    }
}
