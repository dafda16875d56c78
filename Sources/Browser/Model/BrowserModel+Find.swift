extension BrowserModel {
    /// Opens the find prompt in the detail view, starting from the text looked for last.
    mutating func openFindPrompt() -> [BrowserEffect] {
        guard let detail = state.detail, detail.loaded != nil else { return [] }
        state.prompt = PromptState(kind: .find, text: detail.find?.query ?? "", history: state.promptHistory.entries(for: .find))
        return []
    }

    /// What a find prompt key did: every edit searches and jumps to the first match; Enter keeps the matches
    /// and closes the prompt; Esc (or Enter on empty text) clears the search.
    mutating func findPromptOutcome(_ outcome: PromptState.Outcome, prompt: PromptState) -> [BrowserEffect] {
        switch outcome {
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
        return []
    }

    /// Looks for `text` in the open document, highlights every match and scrolls to the first.
    mutating func find(_ text: String) {
        guard var detail = state.detail, let document = layouts.document(for: detail, width: width, now: now) else { return }
        guard !text.isEmpty else {
            detail.find = nil
            state.detail = detail
            return
        }
        var find = detail.find ?? FindState()
        find.search(text, in: document.lines, width: width)
        detail.find = find
        reveal(&detail, in: document)
        state.detail = detail
    }

    /// Makes the next (or previous) match current and scrolls to it.
    func moveToMatch(_ detail: inout DetailState, forward: Bool, in document: DetailDocument) {
        guard detail.find != nil else { return }
        if forward { detail.find?.next() } else { detail.find?.previous() }
        reveal(&detail, in: document)
    }

    /// Scrolls so the current match shows, a third of the way down when it was off screen.
    func reveal(_ detail: inout DetailState, in document: DetailDocument) {
        guard let match = detail.find?.currentMatch else { return }
        let height = bodyHeight
        // Under a sticky header the document shows a row less.
        let shown = height - document.stickyRows(atScroll: detail.scroll)
        guard match.line < detail.scroll || match.line >= detail.scroll + shown else { return }
        detail.scroll = max(0, match.line - height / 3)
        detail.scroll(by: 0, in: document, height: height)
    }
}
