import StackExchange

extension BrowserModel {
    /// Copies the link of the selected question (list) or the open one (detail), made from its site and id
    /// (`QuestionLink`); the status bar says what was copied.
    mutating func copyLink() -> [BrowserEffect] {
        let link: String
        if let detail = state.detail {
            link = self.link(of: detail.question, site: detail.site)
        } else if let row = state.list.selectedRow {
            link = self.link(of: row.question, site: site(of: row))
        } else {
            return []
        }
        return copying(link) { _ in "copied \(link)" }
    }

    /// The link of `question` of `site` as it may be copied or opened: the API's when it is clean, else rebuilt.
    func link(of question: Question, site: String) -> String {
        QuestionLink.link(question.link, site: site, questionID: question.questionID, siteHost: siteHosts[site])
    }

    /// Copies `text` without the characters the screen does not draw (bidi controls, zero-width and control
    /// characters: `InvisibleCharacters`), the one filter of every copy; `confirmation` is given how many went.
    func copying(_ text: String, confirmation: (Int) -> String) -> [BrowserEffect] {
        let cleaned = InvisibleCharacters.removed(from: text)
        return [.copy(cleaned.text, confirmation: confirmation(cleaned.count))]
    }

    /// Copies the current post's code block nearest the top of the detail screen; the status bar says how many
    /// lines, and from which post.
    mutating func copyCode() -> [BrowserEffect] {
        guard let detail = state.detail, let document = layouts.document(for: detail, width: width, now: now),
              let post = CurrentPost.of(detail, in: document)
        else { return [] }
        let lines = document.lines(ofPost: post.index)
        let name = postName(post)
        guard let block = Self.codeBlock(nearest: detail.scroll, in: document.codeBlocks.filter { lines.contains($0.lines.lowerBound) })
        else {
            state.notice = "no code block in \(name)"
            return []
        }
        let count = block.text.count
        return copying(block.text.joined(separator: "\n")) { removed in
            var confirmation = "copied \(count) line" + (count == 1 ? "" : "s")
            // What was left out matters more than the post's name, should the status bar have to cut.
            if removed > 0 {
                confirmation += " (removed \(removed) invisible character" + (removed == 1 ? ")" : "s)")
            }
            return confirmation + " from \(name)"
        }
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
