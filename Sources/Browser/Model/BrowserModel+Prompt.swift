extension BrowserModel {
    /// A key in the open prompt: the prompt keymap's `open` (Enter) applies it, `cancel` (Esc) closes it, and
    /// every other key edits the text. Find has a keymap screen of its own.
    mutating func handlePromptKey(_ key: Key) -> [BrowserEffect] {
        guard var prompt = state.prompt else { return [] }
        let outcome: PromptState.Outcome
        switch keymap.action(for: key, on: keymapScreen) {
        case .open: outcome = prompt.apply()
        case .escape: outcome = .cancelled
        default:
            // Enter and Esc rebound away from the prompt do nothing there; every other key edits the text.
            if key == .enter || key == .escape { return [] }
            outcome = prompt.edit(key)
        }
        if prompt.kind == .find { return findPromptOutcome(outcome, prompt: prompt) }
        switch outcome {
        case .editing:
            state.prompt = prompt
            return []
        case .cancelled:
            state.prompt = nil
            return []
        case .applied(let text):
            state.prompt = nil
            return apply(text, for: prompt.kind)
        }
    }

    /// Replaces the query's tags or search text and reloads from page 1.
    mutating func apply(_ text: String, for kind: PromptState.Kind) -> [BrowserEffect] {
        var query = state.list.query
        switch kind {
        case .tag:
            query.tags = text.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," }).map(String.init)
        case .search:
            query.searchText = text.isEmpty ? nil : text
        case .find:
            return []
        }
        return reload(query: query)
    }
}
