import Foundation
import StackExchange

extension DetailLayout {
    static let commentBarStyle = CellStyle(.dim)
    static let commentBar = "  │ "

    /// The comments under one post: a count line, then each comment's body (HTML rendered like a post's, its
    /// links numbered with the document's) and a dim line with its score, author and age, behind a bar.
    static func commentLines(_ comments: [PostComment], width: Int, now: Date, links: inout LinkTable) -> [StyledLine] {
        guard !comments.isEmpty else { return [] }
        let bar = StyledSpan(commentBar, style: commentBarStyle)
        let inner = max(1, width - DisplayWidth.of(commentBar))
        var lines: [StyledLine] = [.empty]
        let count = comments.count == 1 ? "1 comment" : "\(comments.count) comments"
        lines.append(StyledLine([StyledSpan("  " + count, style: CellStyle(.bold, foreground: .default))]))
        for comment in comments {
            // The byline goes right under the body, before the comment's link list.
            let (blocks, numbers) = HTMLBlockBuilder.build(comment.body ?? "", links: &links)
            var body = BlockRenderer.lines(blocks, width: inner)
            body.append(StyledLine(commentByline(comment, now: now), style: metadataStyle))
            body += linkList(numbers, width: inner, links: links)
            lines += body.map { StyledLine([bar] + $0.spans) }
        }
        return lines
    }

    /// "▲ 3 · alice · 2h (edited)": the comment's score, author and age.
    static func commentByline(_ comment: PostComment, now: Date) -> String {
        var parts = ["▲ \(comment.score)", comment.owner?.plainDisplayName ?? "anonymous", RelativeAge.format(comment.creationDate, now: now)]
        if comment.edited { parts.append("edited") }
        return "— " + parts.joined(separator: " · ")
    }
}
