/// Find in page: what the find prompt (`PromptScreen`) types is looked for in the open document.
extension DetailScreen {
    /// What a find prompt key did (the prompt screen kept or closed the prompt): every edit searches and jumps to
    /// the first match; Enter keeps the matches; Esc (or Enter on empty text) clears the search.
    mutating func findPromptOutcome(_ outcome: PromptState.Outcome, text: String, in context: ScreenContext) {
        switch outcome {
        case .editing:
            find(text, in: context)
        case .cancelled:
            detail?.find = nil
        case .applied(let applied):
            if applied.isEmpty { detail?.find = nil }
        }
    }

    /// Looks for `text` in the open document, highlights every match and scrolls to the first.
    mutating func find(_ text: String, in context: ScreenContext) {
        guard var detail, let document = context.layouts.document(for: detail, width: context.width, now: context.now)
        else { return }
        guard !text.isEmpty else {
            detail.find = nil
            self.detail = detail
            return
        }
        var find = detail.find ?? FindState()
        find.search(text, in: document.findableLines, width: context.width)
        detail.find = find
        Self.reveal(&detail, in: document, height: context.bodyHeight)
        self.detail = detail
    }

    /// Makes the next (or previous) match current and scrolls to it.
    static func moveToMatch(_ detail: inout DetailState, forward: Bool, in document: DetailDocument, height: Int) {
        guard detail.find != nil else { return }
        if forward { detail.find?.next() } else { detail.find?.previous() }
        reveal(&detail, in: document, height: height)
    }

    /// Scrolls so the current match shows, a third of the way down when it was off screen.
    static func reveal(_ detail: inout DetailState, in document: DetailDocument, height: Int) {
        guard let match = detail.find?.currentMatch else { return }
        // Under a sticky header the document shows a row less.
        let shown = height - document.stickyRows(atScroll: detail.scroll)
        guard match.line < detail.scroll || match.line >= detail.scroll + shown else { return }
        detail.scroll = max(0, match.line - height / 3)
        detail.scroll(by: 0, in: document, height: height)
    }
}
