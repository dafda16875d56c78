import Foundation
import StackExchange
@testable import Browser

/// Builds question details from literal HTML and reads laid-out documents back as text, for the detail tests.
enum DetailTestSupport {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func question(title: String = "A question", body: String, tags: [String] = ["swift"]) -> Question {
        Question(
            questionID: 1, title: title, link: "https://stackoverflow.com/q/1", tags: tags, score: 5, answerCount: 0,
            viewCount: 12_345, creationDate: now.addingTimeInterval(-3 * 86400), owner: ShallowUser(displayName: "alice"),
            body: body
        )
    }

    static func answer(_ id: Int, score: Int, accepted: Bool = false, body: String = "<p>An answer.</p>") -> Answer {
        Answer(
            answerID: id, questionID: 1, score: score, isAccepted: accepted, creationDate: now.addingTimeInterval(-3600),
            owner: ShallowUser(displayName: "user\(id)"), body: body
        )
    }

    /// The document for a question whose body is `html`, with no answers.
    static func layout(body html: String, width: Int = 60, title: String = "A question") -> DetailDocument {
        DetailLayout.layout(QuestionDetail(question: question(title: title, body: html), answers: []), width: width, now: now)
    }

    /// The lines of `html` alone, laid out as a post body.
    static func bodyLines(_ html: String, width: Int = 60) -> [String] {
        var links = LinkTable()
        return DetailLayout.post(html, width: width, links: &links).map(\.text)
    }

    /// Every scalar of `text` that is a C0 or C1 control character.
    static func controls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// The lines that are not code (code lines are the only ones carrying the code style with the code indent).
    static func nonCodeLines(_ document: DetailDocument) -> [StyledLine] {
        document.lines.filter { line in
            !line.spans.contains { $0.style == BlockRenderer.codeStyle && $0.text.hasPrefix(BlockRenderer.codeIndent) }
        }
    }
}
