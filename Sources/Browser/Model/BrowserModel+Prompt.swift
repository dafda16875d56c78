import StorePorts

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
        var remembered: [BrowserEffect] = []
        if case .applied(let text) = outcome, state.promptHistory.record(text, for: prompt.kind) { remembered = [remember()] }
        if prompt.kind == .find { return findPromptOutcome(outcome, prompt: prompt) + remembered }
        switch outcome {
        case .editing:
            state.prompt = prompt
            return []
        case .cancelled:
            state.prompt = nil
            return []
        case .applied(let text):
            state.prompt = nil
            return remembered + apply(text, for: prompt.kind)
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
            query.searchesStore = false
        case .storeSearch:
            query.searchText = text.isEmpty ? nil : text
            query.searchesStore = !text.isEmpty
        case .find:
            return []
        }
        guard query != state.list.query else { return [] }
        // The list as it is waits, with nothing in flight, for back to return to it.
        var effects = carryOut(state.list.paging.cancelPrefetch()) + carryOut(state.list.paging.cancelled())
        state.list.loadDue = nil
        state.listTrail.append(state.list)
        if state.listTrail.count > Self.listTrailDepth { state.listTrail.removeFirst() }
        effects += reload(query: query)
        return effects
    }

    /// How many lists back returns through.
    static let listTrailDepth = 20

    /// Back on the list: the list the last tag filter or search was applied over, as it was (its rows, its
    /// selection); nothing when there is none.
    mutating func leaveFilter() -> [BrowserEffect] {
        guard let previous = state.listTrail.popLast() else { return [] }
        state.list.loadDue = nil
        let effects = carryOut(state.list.paging.cancelPrefetch()) + carryOut(state.list.paging.cancelled())
        state.list = previous
        state.notice = nil
        return effects
    }

    /// Keeps what is remembered across runs (the prompts' histories, whether the help was seen).
    func remember() -> BrowserEffect {
        .write(.remembered(Remembered(promptHistory: state.promptHistory.entries, helpSeen: state.helpSeen)))
    }
}
