/// The post votes, comments and copying act on: the one you see, whose header or body holds the top visible line
/// (the blank line above an answer's header is that answer's), or the post `J`/`K` pinned near the end.
public struct CurrentPost: Hashable, Sendable {
    public var postID: Int
    public var isQuestion: Bool
    /// The document line of the post's header (0, the title, for the question).
    public var headerLine: Int
    /// The post's number in the document: 0 the question, `n` the `n`-th answer shown.
    public var index: Int = 0

    public init(postID: Int, isQuestion: Bool, headerLine: Int, index: Int = 0) {
        self.postID = postID
        self.isQuestion = isQuestion
        self.headerLine = headerLine
        self.index = index
    }

    /// The current post of `detail` laid out as `document`, scrolled to `scroll`.
    public static func of(_ detail: DetailState, in document: DetailDocument) -> CurrentPost? {
        guard let loaded = detail.loaded else { return nil }
        let post = document.post(at: detail.pinnedPostLine ?? detail.scroll)
        guard post > 0, document.answerIDs.indices.contains(post - 1) else {
            return CurrentPost(postID: loaded.question.questionID, isQuestion: true, headerLine: 0, index: 0)
        }
        return CurrentPost(
            postID: document.answerIDs[post - 1], isQuestion: false, headerLine: document.headerLine(ofPost: post), index: post)
    }
}
