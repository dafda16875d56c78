public import Foundation
import GRDB
public import StackExchange
public import StorePorts

/// A detail as the cache stores it: the question with its body and the answers, as JSON, with whether the API
/// holds more answers and how many pages the answers are. Rows written before these two were kept lack them:
/// such a row with a full page (or more) of answers is taken to have more, so answers past it stay reachable
/// (at worst one request finds nothing more).
struct StoredDetail: Codable {
    var question: Question
    var answers: [Answer]
    var answersHaveMore: Bool?
    var answerPagesLoaded: Int?

    var detail: QuestionDetail {
        let pages = answerPagesLoaded ?? max(1, (answers.count + 99) / 100)
        return QuestionDetail(
            question: question, answers: answers,
            answersHaveMore: answersHaveMore ?? (answers.count >= 100 && answers.count % 100 == 0),
            answerPagesLoaded: pages)
    }
}

extension QuestionCache {
    /// The cached detail of question `questionID` on `site` at `host`, or nil. Marks it used (in the background).
    public func detail(host: String, site: String, questionID: Int) -> Cached<QuestionDetail>? {
        guard !holdsNothingYet else { return nil }
        let host = host.lowercased()
        let found = access { pool in
            try pool.read { db -> Cached<QuestionDetail>? in
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT json, fetched_at FROM detail WHERE host = ? AND site = ? AND question_id = ?",
                    arguments: [host, site, questionID])
                else { return nil }
                let data: Data = row["json"]
                let stored = try JSONDecoder().decode(StoredDetail.self, from: data)
                return Cached(
                    value: stored.detail,
                    fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
            }
        }
        guard let found = found ?? nil else { return nil }
        let now = clock().timeIntervalSince1970
        background { cache in
            _ = cache.access { pool in
                try pool.write { db in
                    try db.execute(
                        sql: "UPDATE detail SET used_at = ? WHERE host = ? AND site = ? AND question_id = ?",
                        arguments: [now, host, site, questionID])
                }
            }
        }
        return found
    }

    /// Files `detail` in an operation on the background queue.
    public func save(_ detail: QuestionDetail, host: String, site: String) {
        let now = clock()
        background { cache in cache.write(detail, host: host, site: site, at: now) }
    }

    /// Writes `detail` in one transaction (synchronous: for the background operation and benchmarks).
    public func write(_ detail: QuestionDetail, host: String, site: String, at date: Date) {
        // Sorted keys make the same detail the same bytes, so that a refresh can tell whether the text changed.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let json = try? encoder.encode(StoredDetail(
            question: detail.question, answers: detail.answers, answersHaveMore: detail.answersHaveMore,
            answerPagesLoaded: detail.answerPagesLoaded))
        else { return }
        let stamp = date.timeIntervalSince1970
        _ = access { pool in
            try pool.write { db in
                // The index changes only with the text: a refresh that brings the same detail leaves it as it is.
                let previous = try Data.fetchOne(
                    db, sql: "SELECT json FROM detail WHERE host = ? AND site = ? AND question_id = ?",
                    arguments: [host.lowercased(), site, detail.question.questionID])
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO detail (host, site, question_id, json, fetched_at, used_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [host.lowercased(), site, detail.question.questionID, json, stamp, stamp])
                if indexesWrites, previous != json { try Self.indexDetail(detail, host: host.lowercased(), site: site, db: db) }
            }
        }
        countWrite()
    }
}
