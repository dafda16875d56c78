import StackExchange

extension BrowserController {
    /// Copies the link of the selected question (list) or the open one (detail); the status bar confirms.
    func copyLink() {
        guard let question = state.detail?.question ?? state.list.selectedQuestion else { return }
        guard let link = question.link, !link.isEmpty else {
            state.lastError = "no link for this question"
            return
        }
        copy(link, confirmation: "copied link")
    }

    /// Copies the code block nearest the top of the detail screen; the status bar says how many lines.
    func copyCode() {
        guard var detail = state.detail, let document = detail.document(width: lastWidth, now: clock()) else { return }
        state.detail = detail
        guard let block = Self.codeBlock(nearest: detail.scroll, in: document.codeBlocks) else {
            state.notice = "no code block"
            return
        }
        let count = block.text.count
        copy(block.text.joined(separator: "\n"), confirmation: "copied \(count) line" + (count == 1 ? "" : "s"))
    }

    /// The block showing at line `top`, else the one whose first line is nearest it (the lower one on a tie).
    static func codeBlock(nearest top: Int, in blocks: [DetailDocument.CodeBlock]) -> DetailDocument.CodeBlock? {
        func distance(_ block: DetailDocument.CodeBlock) -> Int {
            if block.lines.contains(top) { return 0 }
            return block.lines.lowerBound > top ? block.lines.lowerBound - top : top - (block.lines.upperBound - 1)
        }
        return blocks.min { a, b in
            let (da, db) = (distance(a), distance(b))
            return da != db ? da < db : a.lines.lowerBound > b.lines.lowerBound
        }
    }

    private func copy(_ text: String, confirmation: String) {
        clipboard.copy(text) { [weak self] error in
            guard let self else { return }
            if let error {
                self.state.lastError = error
            } else {
                self.state.lastError = nil
                self.state.notice = confirmation
            }
            self.changed()
        }
    }
}
