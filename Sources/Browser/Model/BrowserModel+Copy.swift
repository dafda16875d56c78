import StackExchange

extension BrowserModel {
    /// The link of `question` of `site` as it may be copied or opened (`ScreenContext.link`).
    func link(of question: Question, site: String) -> String {
        context.link(of: question, site: site)
    }

    /// Copies `text` without the characters the screen does not draw (`ScreenContext.copying`).
    func copying(_ text: String, confirmation: (Int) -> String) -> [BrowserEffect] {
        ScreenContext.copying(text, confirmation: confirmation)
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
