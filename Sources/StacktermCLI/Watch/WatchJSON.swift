import Browser
import Foundation
import StorePorts

/// The document `watch --once --json` writes (schema 1, documented in the README's "Watching"): what is new, each
/// item with the watch that found it, and the problems that kept a watch from being checked.
///
/// Keys are sorted and the output indented (`AnswerJSON.text(of:)`), so a script or a diff reads it the same every
/// time. Titles pass the screen's filter as the text form's do (JSON would escape control characters, but write DEL,
/// C1, bidi and zero-width characters as they came), and links are the site's own (`ShellLinks.watched`).
enum WatchJSON {
    /// The version of the document's shape; a change that could break a reader raises it.
    static let schema = 1

    struct Document: Encodable {
        var schema: Int
        var new: [Item]
        /// One line each, as the text form writes them on stderr.
        var problems: [String]
    }

    struct Item: Encodable {
        /// `question`, `answer` or `comment`.
        var kind: String
        var site: String
        /// The question's, answer's or comment's own id.
        var id: Int
        var questionID: Int
        var title: String
        var link: String
        /// ISO 8601, UTC.
        var created: String
        /// Which watch found it: `[rust]`, `"wide chars"`, `question 123`.
        var watch: String

        enum CodingKeys: String, CodingKey {
            case kind, site, id, title, link, created, watch
            case questionID = "question_id"
        }
    }

    /// The document for `items` and `problems`, written as `--json`'s is (`AnswerJSON.text(of:)`).
    static func text(_ items: [WatchedItem], problems: [String]) -> String {
        AnswerJSON.text(of: Document(schema: schema, new: items.map { item in
            Item(kind: item.kind.rawValue, site: item.site, id: item.id, questionID: item.questionID,
                 title: InvisibleCharacters.printableLine(item.title),
                 link: ShellLinks.watched(item.link, site: item.site, questionID: item.questionID, postID: item.id),
                 created: AnswerJSON.date(item.createdAt), watch: InvisibleCharacters.printableLine(item.watch))
        }, problems: problems))
    }
}
