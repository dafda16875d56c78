import Browser
public import Foundation
import StackExchange

/// The document `--json` writes (schema 1, documented in the README's "From the shell"): the query or link, how each
/// site answered, and the questions with their answers, bodies as Markdown and as plain text.
///
/// Keys are sorted and the output indented, so a script (or a diff) reads it the same every time.
public enum AnswerJSON {
    /// The version of the document's shape; a change that could break a reader raises it.
    public static let schema = 1

    struct Document: Encodable {
        var schema: Int
        var query: String?
        var link: String?
        /// `api`, or `local` for `--offline` (the store's copies).
        var source: String
        var sites: [Site]
        var questions: [QuestionItem]

        enum CodingKeys: String, CodingKey { case schema, query, link, source, sites, questions }

        /// `query` and `link` are always there, one of them null, so a reader can tell which was asked.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(schema, forKey: .schema)
            try c.encode(query, forKey: .query)
            try c.encode(link, forKey: .link)
            try c.encode(source, forKey: .source)
            try c.encode(sites, forKey: .sites)
            try c.encode(questions, forKey: .questions)
        }
    }

    struct Site: Encodable {
        var site: String
        /// `ok`, `throttled` or `error`.
        var outcome: String
        var retryAfterSeconds: Int?
        var errorID: Int?
        var errorName: String?
        var message: String?

        enum CodingKeys: String, CodingKey {
            case site, outcome, message
            case retryAfterSeconds = "retry_after_seconds"
            case errorID = "error_id"
            case errorName = "error_name"
        }
    }

    struct Author: Encodable {
        var name: String
        var userID: Int?
        var link: String?
        enum CodingKeys: String, CodingKey {
            case name, link
            case userID = "user_id"
        }
    }

    struct QuestionItem: Encodable {
        var site: String
        var questionID: Int
        var link: String?
        var title: String
        var score: Int
        var tags: [String]
        var answerCount: Int
        var isAnswered: Bool
        var acceptedAnswerID: Int?
        var author: Author?
        var creationDate: String
        var lastActivityDate: String?
        var bodyMarkdown: String?
        var bodyText: String
        var answers: [AnswerItem]

        enum CodingKeys: String, CodingKey {
            case site, link, title, score, tags, author, answers
            case questionID = "question_id"
            case answerCount = "answer_count"
            case isAnswered = "is_answered"
            case acceptedAnswerID = "accepted_answer_id"
            case creationDate = "creation_date"
            case lastActivityDate = "last_activity_date"
            case bodyMarkdown = "body_markdown"
            case bodyText = "body_text"
        }
    }

    struct AnswerItem: Encodable {
        var answerID: Int
        var link: String?
        var score: Int
        var isAccepted: Bool
        var author: Author?
        var creationDate: String
        var lastActivityDate: String?
        var bodyMarkdown: String?
        var bodyText: String

        enum CodingKeys: String, CodingKey {
            case link, score, author
            case answerID = "answer_id"
            case isAccepted = "is_accepted"
            case creationDate = "creation_date"
            case lastActivityDate = "last_activity_date"
            case bodyMarkdown = "body_markdown"
            case bodyText = "body_text"
        }
    }

    /// The document for `entries`, one `sites` entry per site asked, ending with a newline.
    public static func document(
        query: String?, link: String?, local: Bool, outcomes: [(site: String, outcome: ShellExit.SiteOutcome)], entries: [ShellEntry]
    ) -> String {
        let document = Document(
            schema: schema, query: query.map(InvisibleCharacters.printableLine), link: link.map(InvisibleCharacters.printableLine),
            source: local ? "local" : "api",
            sites: outcomes.map(site), questions: entries.map(question))
        return text(of: document)
    }

    /// `document` as stackterm writes its JSON (also `watch --json`'s): keys sorted, indented, ending with a newline.
    static func text(of document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and arrays of them always encode.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func site(_ entry: (site: String, outcome: ShellExit.SiteOutcome)) -> Site {
        switch entry.outcome {
        case .ok: Site(site: entry.site, outcome: "ok")
        case .throttled(let seconds): Site(site: entry.site, outcome: "throttled", retryAfterSeconds: seconds)
        case .error(let id, let name, let message):
            Site(
                site: entry.site, outcome: "error", errorID: id, errorName: InvisibleCharacters.printableLine(name),
                message: InvisibleCharacters.printableLine(message))
        }
    }

    /// Every string from the API through the screen's filter (JSON escapes control characters but would write DEL,
    /// C1 and bidi characters as they came), links checked or rebuilt (`ShellLinks`).
    private static func question(_ entry: ShellEntry) -> QuestionItem {
        let question = entry.question
        let site = entry.site
        let tags = question.tags.map { InvisibleCharacters.printableLine(PlainText.decode($0)) }
        return QuestionItem(
            site: site, questionID: question.questionID, link: ShellLinks.question(question, site: site),
            title: InvisibleCharacters.printableLine(question.plainTitle), score: question.score,
            tags: tags, answerCount: question.answerCount, isAnswered: question.isAnswered,
            acceptedAnswerID: question.acceptedAnswerID, author: author(question.owner, site: site),
            creationDate: date(question.creationDate), lastActivityDate: question.lastActivityDate.map(date),
            bodyMarkdown: multiline(question.plainBodyMarkdown), bodyText: plainText(question.body, tags: tags),
            answers: entry.answers.map { answer in
                AnswerItem(
                    answerID: answer.answerID, link: ShellLinks.answer(answer, site: site), score: answer.score,
                    isAccepted: answer.isAccepted, author: author(answer.owner, site: site), creationDate: date(answer.creationDate),
                    lastActivityDate: answer.lastActivityDate.map(date), bodyMarkdown: multiline(answer.plainBodyMarkdown),
                    bodyText: plainText(answer.body, tags: tags))
            })
    }

    private static func author(_ user: ShallowUser?, site: String) -> Author? {
        guard let user else { return nil }
        return Author(
            name: InvisibleCharacters.printableLine(user.plainDisplayName ?? ""), userID: user.userID,
            link: ShellLinks.user(user, site: site))
    }

    /// Multi-line text from the API without the characters the screen does not draw (line breaks and tabs kept).
    private static func multiline(_ text: String?) -> String? {
        text.map { InvisibleCharacters.removed(from: $0).text }
    }

    /// The HTML body as unwrapped plain text with its links as footnotes (`PostText`, no colours).
    static func plainText(_ html: String?, tags: [String]) -> String {
        AnswerText(width: nil, colors: false).body(markdown: nil, html: html, tags: tags).joined(separator: "\n")
    }

    /// A date as the documents write it: ISO 8601, UTC.
    static func date(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
