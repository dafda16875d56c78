extension BrowserController {
    /// Opens the find prompt in the detail view, starting from the text looked for last.
    func openFindPrompt() {
        guard let detail = state.detail, case .loaded = detail.phase else { return }
        state.prompt = PromptState(kind: .find, text: detail.find?.query ?? "")
    }

    /// Feeds a key to the find prompt: every edit searches and jumps to the first match; Enter keeps the
    /// matches and closes the prompt; Esc (or Enter on empty text) clears the search.
    func handleFindPromptKey(_ key: Key) {
        guard var prompt = state.prompt else { return }
        switch prompt.handle(key) {
        case .editing:
            state.prompt = prompt
            find(prompt.text)
        case .cancelled:
            state.prompt = nil
            state.detail?.find = nil
        case .applied(let text):
            state.prompt = nil
            if text.isEmpty { state.detail?.find = nil }
        }
    }

    /// Looks for `text` in the open document, highlights every match and scrolls to the first.
    func find(_ text: String) {
        guard var detail = state.detail, let document = detail.document(width: lastWidth, now: clock()) else { return }
        guard !text.isEmpty else {
            detail.find = nil
            state.detail = detail
            return
        }
        var find = detail.find ?? FindState()
        find.search(text, in: document.lines, width: lastWidth)
        detail.find = find
        reveal(&detail, lineCount: document.lines.count)
        state.detail = detail
    }

    /// Makes the next (or previous) match current and scrolls to it.
    func moveToMatch(_ detail: inout DetailState, forward: Bool) {
        guard detail.find != nil else { return }
        if forward { detail.find?.next() } else { detail.find?.previous() }
        let lineCount = detail.document(width: lastWidth, now: clock())?.lines.count ?? 0
        reveal(&detail, lineCount: lineCount)
    }

    /// Scrolls so the current match shows, a third of the way down when it was off screen.
    func reveal(_ detail: inout DetailState, lineCount: Int) {
        guard let match = detail.find?.currentMatch else { return }
        let height = max(1, lastBodyHeight)
        guard match.line < detail.scroll || match.line >= detail.scroll + height else { return }
        detail.scroll = max(0, match.line - height / 3)
        detail.scroll(by: 0, lineCount: lineCount, height: height)
    }
}
