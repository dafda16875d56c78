/// Where the current post stands on the screen, kept across a new layout (comments shown or hidden, arriving,
/// or posted), so the post's first visible line stays on the row it was on and the current post does not change
/// under the person.
public struct PostAnchor: Hashable, Sendable {
    public var postID: Int
    public var isQuestion: Bool
    /// The post's first visible line, counted from its header (-1: the blank line above an answer's header).
    public var offset: Int
    /// How far below the first document line shown that line is (0 unless `J`/`K` pinned the post lower down).
    public var rowsBelowTop: Int
    /// How many lines the post had: a new width wraps it anew, and `offset` is taken in proportion.
    public var postLength: Int

    /// The anchor of `detail`'s current post, laid out as `document`.
    public static func of(_ detail: DetailState, in document: DetailDocument) -> PostAnchor? {
        guard let current = CurrentPost.of(detail, in: document) else { return nil }
        let first = detail.pinnedPostLine ?? detail.scroll
        return PostAnchor(postID: current.postID, isQuestion: current.isQuestion, offset: first - current.headerLine,
                          rowsBelowTop: max(0, first - detail.scroll), postLength: document.lines(ofPost: current.index).count)
    }

    /// Scrolls `detail`, now laid out as `document` on a screen `height` rows high, so the post is where it was:
    /// the same line of it on the same row (its last line when that line went, with the comments); the post is
    /// pinned when the document's end keeps it from the top. With `rewrapped` (a new width), a line within the body
    /// is taken at the same fraction of the post.
    public func restore(in detail: inout DetailState, document: DetailDocument, height: Int, rewrapped: Bool = false) {
        guard let post = document.post(id: postID, isQuestion: isQuestion) else { return }
        let lines = document.lines(ofPost: post)
        guard !lines.isEmpty else { return }
        let offset = rewrapped && self.offset > 0 && postLength > 0
            ? (self.offset * lines.count + postLength / 2) / postLength : self.offset
        let first = min(max(document.headerLine(ofPost: post) + offset, lines.lowerBound), lines.upperBound - 1)
        detail.scroll = max(0, first - rowsBelowTop)
        detail.scroll(by: 0, in: document, height: height)
        detail.pinnedPostLine = document.post(at: detail.scroll) == post ? nil : document.headerLine(ofPost: post)
    }
}
