/// The posts of a laid-out detail: which lines each one holds, and the header that names the post at the top
/// of the screen when its own header is scrolled away.
///
/// Posts are numbered as shown: 0 is the question, `n` the `n`-th answer. A post's lines run from the blank line
/// above its header (the question: from the title) to the line before the next post's; so the blank line that
/// separates two answers belongs to the one below it, whose header follows at once.
extension DetailDocument {
    /// The post whose lines hold `line`.
    public func post(at line: Int) -> Int {
        var post = 0
        for (index, header) in answerLineIndices.enumerated() where header - 1 <= line { post = index + 1 }
        return post
    }

    /// The line of post `post`'s header (0, the title, for the question).
    public func headerLine(ofPost post: Int) -> Int {
        post == 0 ? 0 : answerLineIndices[post - 1]
    }

    /// The lines post `post` holds.
    public func lines(ofPost post: Int) -> Range<Int> {
        let start = post == 0 ? 0 : answerLineIndices[post - 1] - 1
        let end = post < answerLineIndices.count ? answerLineIndices[post] - 1 : lines.count
        return start..<max(start, end)
    }

    /// The post numbered `post` in this document for the post with id `postID` (the question: `questionID`).
    public func post(id postID: Int, isQuestion: Bool) -> Int? {
        if isQuestion { return 0 }
        return answerIDs.firstIndex(of: postID).map { $0 + 1 }
    }

    /// True when the document scrolled to `scroll` starts inside a post whose header is above the screen: the
    /// top row then names that post (`▶ Answer 5 of 5 · sven`) and the document is drawn from the row below.
    public func hasStickyHeader(atScroll scroll: Int) -> Bool {
        guard scroll > 0, lines.indices.contains(scroll) else { return false }
        return headerLine(ofPost: post(at: scroll)) < scroll
    }

    /// The rows the sticky header takes at `scroll`: 1 or 0.
    public func stickyRows(atScroll scroll: Int) -> Int {
        hasStickyHeader(atScroll: scroll) ? 1 : 0
    }

    /// The furthest the document can be scrolled on a screen `height` rows high: its last line on the last row,
    /// one line further when the sticky header takes the top row there.
    public func maxScroll(height: Int) -> Int {
        let plain = max(0, lines.count - max(1, height))
        return plain > 0 && hasStickyHeader(atScroll: plain) ? plain + 1 : plain
    }
}
