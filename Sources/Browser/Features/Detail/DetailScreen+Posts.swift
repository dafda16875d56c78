import StackExchange

/// The posts of the open question as laid out: which is current, keeping it in place while the document changes,
/// `J`/`K`, the numbered links, copying a code block, and how a notice names a post.
extension DetailScreen {
    /// The post votes, comments and copying act on, in the detail as laid out now.
    func currentPost(in context: ScreenContext) -> CurrentPost? {
        guard let detail, let document = context.layouts.document(for: detail, width: context.width, now: context.now)
        else { return nil }
        return CurrentPost.of(detail, in: document)
    }

    /// Makes `change` (which lays the detail out anew: comments shown, hidden or arriving) keep the current post's
    /// first visible line on the row it was on.
    mutating func keepingCurrentPostInPlace(
        in context: inout ScreenContext, _ change: (inout DetailScreen, inout ScreenContext) -> [BrowserEffect]
    ) -> [BrowserEffect] {
        let anchor = anchor(in: context)
        let effects = change(&self, &context)
        restore(anchor, in: context, rewrapped: false)
        return effects
    }

    /// Where the current post's first visible line is, to keep it there while the document changes.
    func anchor(in context: ScreenContext) -> PostAnchor? {
        detail.flatMap { detail in
            context.layouts.document(for: detail, width: context.width, now: context.now).flatMap { PostAnchor.of(detail, in: $0) }
        }
    }

    /// Puts the line `anchor` names back on its row (with `rewrapped`, at the same fraction of its post).
    mutating func restore(_ anchor: PostAnchor?, in context: ScreenContext, rewrapped: Bool) {
        guard let anchor, var detail,
              let document = context.layouts.document(for: detail, width: context.width, now: context.now)
        else { return }
        anchor.restore(in: &detail, document: document, height: context.bodyHeight, rewrapped: rewrapped)
        self.detail = detail
    }

    /// How a notice names the post with id `postID` of the open question: `the question`, `answer by sven`
    /// (`answer 4 by sven` when sven wrote more than one of the answers shown).
    func postName(postID: Int, isQuestion: Bool, in context: ScreenContext) -> String {
        guard !isQuestion else { return "the question" }
        guard let detail, let loaded = detail.loaded, let answer = loaded.answers.first(where: { $0.answerID == postID })
        else { return "the answer" }
        let author = answer.owner?.plainDisplayName ?? "anonymous"
        let sameAuthor = loaded.answers.filter { ($0.owner?.plainDisplayName ?? "anonymous") == author }
        guard sameAuthor.count > 1, let document = context.layouts.document(for: detail, width: context.width, now: context.now),
              let number = document.post(id: postID, isQuestion: false)
        else { return "answer by \(author)" }
        return "answer \(number) by \(author)"
    }

    /// `J` and `K`: scrolls so the next (or previous) post's header is at the top.
    mutating func jumpToPost(forward: Bool, in context: inout ScreenContext) -> [BrowserEffect] {
        guard var detail, let document = context.layouts.document(for: detail, width: context.width, now: context.now)
        else { return [] }
        // The posts' headers and their pictures' boxes are the stops.
        let stops = ([0] + document.answerLineIndices + document.pictures.map(\.lines.lowerBound)).sorted()
        let current = CurrentPost.of(detail, in: document)?.headerLine ?? 0
        let position = document.pictures.contains { $0.lines.lowerBound == detail.scroll } ? detail.scroll : current
        let target = forward ? stops.first { $0 > max(position, detail.scroll) } : stops.last { $0 < position }
        guard let target else { return [] }
        detail.scroll = target
        detail.scroll(by: 0, in: document, height: context.bodyHeight)
        // Near the end the header cannot reach the top: the post stays current all the same.
        detail.pinnedPostLine = detail.scroll == target ? nil : target
        self.detail = detail
        return loadMoreAnswersIfNeeded(in: &context)
    }

    /// Opens the numbered link `[number]`, as a click on it does; says so when the page has no such link.
    func followLink(_ number: Int, in context: inout ScreenContext) -> [BrowserEffect] {
        guard let detail, let document = context.layouts.document(for: detail, width: context.width, now: context.now)
        else { return [] }
        guard document.links.indices.contains(number - 1) else {
            context.say(warning: document.links.isEmpty ? "no numbered links on this page"
                : "no link [\(number)]: the page has [1]–[\(document.links.count)]")
            return []
        }
        context.notice = "opening link [\(number)] in the browser"
        return [.openURL(document.links[number - 1])]
    }

    /// A click at screen `row` and `column`: opens the numbered link under it.
    func click(row: Int, column: Int, in context: ScreenContext) -> [BrowserEffect] {
        // Under a sticky header the document starts a row lower.
        guard let detail, let document = context.layouts.document(for: detail, width: context.width, now: context.now),
              case let line = detail.scroll + row - document.stickyRows(atScroll: detail.scroll),
              line >= detail.scroll, document.lines.indices.contains(line),
              let number = Self.linkNumber(in: document.lines[line].text, at: column),
              document.links.indices.contains(number - 1)
        else { return [] }
        return [.openURL(document.links[number - 1])]
    }

    /// Copies the current post's code block nearest the top of the detail screen; the status bar says how many
    /// lines, and from which post.
    func copyCode(in context: inout ScreenContext) -> [BrowserEffect] {
        guard let detail, let document = context.layouts.document(for: detail, width: context.width, now: context.now),
              let post = CurrentPost.of(detail, in: document)
        else { return [] }
        let lines = document.lines(ofPost: post.index)
        let name = postName(postID: post.postID, isQuestion: post.isQuestion, in: context)
        let blocks = document.codeBlocks.filter { lines.contains($0.lines.lowerBound) }
        guard let block = Self.codeBlock(nearest: detail.scroll, in: blocks) else {
            context.notice = "no code block in \(name)"
            return []
        }
        let count = block.text.count
        return ScreenContext.copying(block.text.joined(separator: "\n")) { removed in
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

    /// The number of the `[n]` link marker that covers screen column `column` of `text`, or nil.
    static func linkNumber(in text: String, at column: Int) -> Int? {
        var x = 0
        var start: Int?
        var digits = ""
        for character in text {
            let width = DisplayWidth.of(character)
            defer { x += width }
            switch character {
            case "[":
                start = x
                digits = ""
            case "0"..."9" where start != nil:
                digits.append(character)
            case "]" where start != nil && !digits.isEmpty:
                if (start!...x).contains(column) { return Int(digits) }
                start = nil
            default:
                start = nil
            }
        }
        return nil
    }
}
