extension BrowserController {
    /// Feeds a key to the open prompt; Enter applies it as a tag filter or a search, Esc closes it.
    func handlePromptKey(_ key: Key) {
        guard var prompt = state.prompt else { return }
        if prompt.kind == .find {
            handleFindPromptKey(key)
            return
        }
        switch prompt.handle(key) {
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
