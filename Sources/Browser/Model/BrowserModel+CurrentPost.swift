import StackExchange

extension BrowserModel {
    /// The post votes, comments and copying act on, in the detail as laid out now.
    var currentPost: CurrentPost? {
        guard let detail = state.detail, let document = layouts.document(for: detail, width: width, now: now) else { return nil }
        return CurrentPost.of(detail, in: document)
    }

    /// Makes `change` (which lays the detail out anew: comments shown, hidden or arriving) keep the current post's
    /// first visible line on the row it was on.
    /// With `rewrapped` (the width changed), the line is kept at the same fraction of the post.
    mutating func keepingCurrentPostInPlace(
        rewrapped: Bool = false, _ change: (inout BrowserModel) -> [BrowserEffect]
    ) -> [BrowserEffect] {
        let anchor = state.detail.flatMap { detail in
            layouts.document(for: detail, width: width, now: now).flatMap { PostAnchor.of(detail, in: $0) }
        }
        let effects = change(&self)
        guard let anchor, var detail = state.detail, let document = layouts.document(for: detail, width: width, now: now)
        else { return effects }
        anchor.restore(in: &detail, document: document, height: bodyHeight, rewrapped: rewrapped)
        state.detail = detail
        return effects
    }

    /// How a notice names the post with id `postID` of the open question: `the question`, `answer by sven`
    /// (`answer 4 by sven` when sven wrote more than one of the answers shown).
    func postName(postID: Int, isQuestion: Bool) -> String {
        guard !isQuestion else { return "the question" }
        guard let detail = state.detail, let loaded = detail.loaded,
              let answer = loaded.answers.first(where: { $0.answerID == postID })
        else { return "the answer" }
        let author = answer.owner?.plainDisplayName ?? "anonymous"
        let sameAuthor = loaded.answers.filter { ($0.owner?.plainDisplayName ?? "anonymous") == author }
        guard sameAuthor.count > 1, let document = layouts.document(for: detail, width: width, now: now),
              let number = document.post(id: postID, isQuestion: false)
        else { return "answer by \(author)" }
        return "answer \(number) by \(author)"
    }

    /// How a notice names `post`.
    func postName(_ post: CurrentPost) -> String {
        postName(postID: post.postID, isQuestion: post.isQuestion)
    }
}
