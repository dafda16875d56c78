import Foundation
import GRDB
public import StackExchange

/// The store searched for `stackterm --offline QUERY`: the full-text index over what the store holds (titles, bodies,
/// code and the answers it keeps; `search_text`), in its rank order, with each found question's stored
/// answers.
extension QuestionCache {
    /// Up to `limit` questions of each of `sites` at `host` that `text` finds (the site's search syntax: words,
    /// `"phrase"`, `-word`, `[tag]`, `score:N`…, as `SearchQuery` reads it), best first, each with the answers the
    /// store has of it (an empty list for a question only seen in a list).
    public func localSearch(_ text: String, host: String, sites: [String], limit: Int) -> [(site: String, question: Question, answers: [Answer])] {
        let host = host.lowercased()
        let query = SearchQuery(parsing: text)
        struct Stored: Decodable {
            var question: Question
            var answers: [Answer]
        }
        let decoder = JSONDecoder()
        let found = access { pool in
            try pool.read { db -> [(String, Question, [Answer])] in
                var results: [(String, Question, [Answer])] = []
                for site in sites {
                    let hits = try LocalSearch.run(query, scope: .init(host: host, site: site), limit: max(limit, 1), offset: 0, db: db)
                    let ids = hits.map(\.questionID)
                    guard !ids.isEmpty else { continue }
                    let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
                    var details: [Int: Stored] = [:]
                    for row in try Row.fetchAll(
                        db, sql: "SELECT question_id, json FROM detail WHERE host = ? AND site = ? AND question_id IN (\(marks))",
                        arguments: StatementArguments([host, site] as [any DatabaseValueConvertible] + ids)) {
                        let data: Data = row["json"]
                        if let stored = try? decoder.decode(Stored.self, from: data) { details[row["question_id"]] = stored }
                    }
                    let listed = try Self.questions(ids.filter { details[$0] == nil }, host: host, site: site, db: db)
                    let listedByID = Dictionary(listed.map { ($0.questionID, $0) }, uniquingKeysWith: { first, _ in first })
                    for id in ids {
                        if let stored = details[id] {
                            results.append((site, stored.question, stored.answers))
                        } else if let question = listedByID[id] {
                            results.append((site, question, []))
                        }
                    }
                }
                return results
            }
        }
        return (found ?? []).map { (site: $0.0, question: $0.1, answers: $0.2) }
    }
}
