import StackExchange

extension BrowserModel {
    /// Copies the link of the selected question (list) or the open one (detail); the status bar confirms.
    mutating func copyLink() -> [BrowserEffect] {
        guard let question = state.detail?.question ?? state.list.selectedQuestion else { return [] }
        guard let link = question.link, !link.isEmpty else { return say(error: "no link for this question") }
        return [.copy(link, confirmation: "copied link")]
    }

    /// Copies the code block nearest the top of the detail screen; the status bar says how many lines.
    mutating func copyCode() -> [BrowserEffect] {
        guard let detail = state.detail, let document = layouts.document(for: detail, width: width, now: now) else { return [] }
        guard let block = Self.codeBlock(nearest: detail.scroll, in: document.codeBlocks) else {
            state.notice = "no code block"
            return []
        }
        let count = block.text.count
        let cleaned = InvisibleCharacters.removed(from: block.text.joined(separator: "\n"))
        var confirmation = "copied \(count) line" + (count == 1 ? "" : "s")
        if cleaned.count > 0 {
            confirmation += " (removed \(cleaned.count) invisible character" + (cleaned.count == 1 ? ")" : "s)")
        }
        return [.copy(cleaned.text, confirmation: confirmation)]
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
}
