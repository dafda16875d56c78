/// The post votes and comments act on: the one whose header is nearest above the top of the screen (the question
/// until the first answer's header reaches the top).
public struct CurrentPost: Hashable, Sendable {
    public var postID: Int
    public var isQuestion: Bool
    /// The document line of the post's header (0, the title, for the question).
    public var headerLine: Int

    /// The current post of `detail` laid out as `document`, scrolled to `scroll`.
    public static func of(_ detail: DetailState, in document: DetailDocument) -> CurrentPost? {
        guard let loaded = detail.loaded else { return nil }
        var current = CurrentPost(postID: loaded.question.questionID, isQuestion: true, headerLine: 0)
        let top = detail.pinnedPostLine ?? detail.scroll
        for (index, line) in document.answerLineIndices.enumerated() where line <= top {
            guard document.answerIDs.indices.contains(index) else { break }
            current = CurrentPost(postID: document.answerIDs[index], isQuestion: false, headerLine: line)
        }
        return current
    }
}
