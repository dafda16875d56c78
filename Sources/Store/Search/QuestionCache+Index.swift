import Foundation
import GRDB
import StackExchange

/// The cache's side of the full-text index: every write of a page or a detail, and every prune, changes the index in
/// the same transaction, so the index never holds a question the cache does not.
extension QuestionCache {
    /// Indexes the questions of a list page that have no stored detail (the detail's own documents are fuller).
    static func indexPage(_ questions: [Question], host: String, site: String, db: Database) throws {
        let hasDetail = try db.cachedStatement(sql: "SELECT 1 FROM detail WHERE host = ? AND site = ? AND question_id = ?")
        for question in questions {
            if try Row.fetchOne(hasDetail, arguments: [host, site, question.questionID]) != nil { continue }
            try SearchIndex.removeQuestion(host: host, site: site, questionID: question.questionID, db: db)
            try SearchIndex.insert(document(question, host: host, site: site), db: db)
        }
    }

    /// Indexes a question with its body and its answers, in place of what was indexed for it before.
    static func indexDetail(_ detail: QuestionDetail, host: String, site: String, db: Database) throws {
        let question = detail.question
        try SearchIndex.removeQuestion(host: host, site: site, questionID: question.questionID, db: db)
        try SearchIndex.insert(document(question, host: host, site: site), db: db)
        for answer in detail.answers {
            let text = SearchText(html: answer.body ?? "")
            try SearchIndex.insert(SearchDocument(
                host: host, site: site, questionID: question.questionID, postID: answer.answerID, kind: .answer,
                score: answer.score, accepted: answer.isAccepted, answers: 0, closed: false, userID: answer.owner?.userID,
                created: answer.creationDate.timeIntervalSince1970, tags: question.tags, body: text.prose, code: text.code),
                db: db)
        }
    }

    static func document(_ question: Question, host: String, site: String) -> SearchDocument {
        let text = SearchText(html: question.body ?? "")
        return SearchDocument(
            host: host, site: site, questionID: question.questionID, postID: question.questionID, kind: .question,
            score: question.score, accepted: question.acceptedAnswerID != nil, answers: question.answerCount,
            closed: question.closedDate != nil, userID: question.owner?.userID,
            created: question.creationDate.timeIntervalSince1970, tags: question.tags,
            title: PlainText.decode(question.title), body: text.prose, code: text.code)
    }

    /// Drops the documents the prune left without a row (answers whose detail went, questions with neither row) from
    /// the search at once: their `search_doc` rows go, which every search joins, and their ids are noted in
    /// `search_purge`, whose text `purgeIndexBatch` deletes from the FTS5 table later (`QuestionCache+IndexPurge`).
    static func unindexPruned(_ db: Database) throws {
        let orphan = """
            NOT EXISTS (SELECT 1 FROM detail WHERE detail.host = d.host AND detail.site = d.site
                        AND detail.question_id = d.question_id)
            AND (d.kind != 1 OR NOT EXISTS (SELECT 1 FROM question q WHERE q.host = d.host AND q.site = d.site
                                            AND q.id = d.question_id))
            """
        try db.execute(sql: "INSERT OR IGNORE INTO search_purge (doc_id) SELECT doc_id FROM search_doc d WHERE \(orphan)")
        // The prune runs only once the last purge is done (`pruneOnce`): every id noted is one of this prune's.
        try db.execute(sql: "DELETE FROM search_doc WHERE doc_id IN (SELECT doc_id FROM search_purge)")
    }

    /// The migration that builds the index for a cache written before it existed.
    static func buildIndex(_ db: Database) throws {
        try SearchIndex.create(db)
        try fillIndex(db)
    }

    /// Indexes every detail, and every question without one, into the (empty) index.
    static func fillIndex(_ db: Database) throws {
        let decoder = JSONDecoder()
        let details = try Row.fetchCursor(db, sql: "SELECT host, site, json FROM detail")
        while let row = try details.next() {
            guard let detail = try? decoder.decode(IndexedDetail.self, from: row["json"] as Data) else { continue }
            try indexDetail(QuestionDetail(question: detail.question, answers: detail.answers), host: row["host"], site: row["site"], db: db)
        }
        let questions = try Row.fetchCursor(db, sql: """
            SELECT host, site, json FROM question q WHERE NOT EXISTS
                (SELECT 1 FROM detail WHERE detail.host = q.host AND detail.site = q.site AND detail.question_id = q.id)
            """)
        while let row = try questions.next() {
            guard let question = try? decoder.decode(Question.self, from: row["json"] as Data) else { continue }
            try SearchIndex.insert(document(question, host: row["host"], site: row["site"]), db: db)
        }
    }

    /// The part of a stored detail the index reads.
    private struct IndexedDetail: Decodable {
        var question: Question
        var answers: [Answer]
    }
}
