import Foundation
import GRDB
import StackExchange

/// What a list row shows of a cached question, in columns of the `question` table beside its JSON.
///
/// A list page is drawn from these alone (`QuestionCache.listPage`): no JSON is decoded, so no body (the largest part
/// of a question) is read on the way to a warm launch's first frame. They are written with the JSON, in the same
/// statement, and hold the same question: the title, link and owner's name as on the wire (HTML-escaped), the tags
/// joined by spaces (a tag never holds one), the creation date in seconds since 2001 (as the JSON holds dates, so it
/// reads back to the same `Date`). A question filed by a build before them has them filled from its JSON by the
/// migration; a row whose `row_title` is NULL is decoded from its JSON instead.
enum QuestionListRow {
    /// The columns, in the order `arguments(for:)` gives their values and `question(id:from:at:)` reads them.
    static let columns = [
        "row_title", "row_link", "row_tags", "row_score", "row_answer_count", "row_view_count", "row_is_answered",
        "row_accepted_answer_id", "row_creation_date", "row_owner_name", "row_upvoted", "row_downvoted", "row_favorited",
    ]

    /// Adds the columns and fills them from each stored question's JSON (one pass of SQLite's JSON functions).
    static func addColumns(_ db: Database) throws {
        let types = ["TEXT", "TEXT", "TEXT", "INTEGER", "INTEGER", "INTEGER", "INTEGER",
                     "INTEGER", "REAL", "TEXT", "INTEGER", "INTEGER", "INTEGER"]
        for (column, type) in zip(columns, types) {
            try db.execute(sql: "ALTER TABLE question ADD COLUMN \(column) \(type)")
        }
        // The defaults are the decoder's: a count or flag the filter left out is 0, no tags is "", a missing
        // creation date is the last activity's.
        try db.execute(sql: """
            UPDATE question SET
                row_title = json_extract(json, '$.title'),
                row_link = json_extract(json, '$.link'),
                row_tags = coalesce((SELECT group_concat(value, ' ') FROM json_each(question.json, '$.tags')), ''),
                row_score = coalesce(json_extract(json, '$.score'), 0),
                row_answer_count = coalesce(json_extract(json, '$.answer_count'), 0),
                row_view_count = coalesce(json_extract(json, '$.view_count'), 0),
                row_is_answered = coalesce(json_extract(json, '$.is_answered'), 0),
                row_accepted_answer_id = json_extract(json, '$.accepted_answer_id'),
                row_creation_date = coalesce(json_extract(json, '$.creation_date'), json_extract(json, '$.last_activity_date')),
                row_owner_name = json_extract(json, '$.owner.display_name'),
                row_upvoted = json_extract(json, '$.upvoted'),
                row_downvoted = json_extract(json, '$.downvoted'),
                row_favorited = json_extract(json, '$.favorited')
            WHERE json_valid(json) AND json_type(json, '$.title') = 'text'
                AND json_type(json, '$.question_id') = 'integer'
                AND coalesce(json_type(json, '$.creation_date'), json_type(json, '$.last_activity_date')) IN ('integer', 'real')
            """)
    }

    /// The columns' values for `question`, in `columns`' order.
    static func arguments(for question: Question) -> StatementArguments {
        [
            question.title, question.link, question.tags.joined(separator: " "), question.score, question.answerCount,
            question.viewCount, question.isAnswered, question.acceptedAnswerID,
            question.creationDate.timeIntervalSinceReferenceDate, question.owner?.displayName,
            question.upvoted, question.downvoted, question.favorited,
        ]
    }

    /// The question as a list row shows it, from `row`'s columns from `offset` on (in `columns`' order), or nil when
    /// the row has none (filed by a build before them).
    static func question(id: Int, from row: Row, at offset: Int) -> Question? {
        guard let title = row[offset] as String? else { return nil }
        let tags = row[offset + 2] as String? ?? ""
        var question = Question(
            questionID: id, title: title, link: row[offset + 1], tags: tags.isEmpty ? [] : tags.split(separator: " ").map(String.init),
            score: row[offset + 3] ?? 0, answerCount: row[offset + 4] ?? 0, viewCount: row[offset + 5] ?? 0,
            isAnswered: row[offset + 6] ?? false, acceptedAnswerID: row[offset + 7],
            creationDate: Date(timeIntervalSinceReferenceDate: row[offset + 8] ?? 0),
            owner: (row[offset + 9] as String?).map { ShallowUser(displayName: $0) })
        question.upvoted = row[offset + 10]
        question.downvoted = row[offset + 11]
        question.favorited = row[offset + 12]
        return question
    }
}
