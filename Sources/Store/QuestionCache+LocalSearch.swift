import Foundation
import GRDB
public import StackExchange

/// The store searched for `stackterm --offline QUERY`: the questions it holds whose stored text (title, body and the
/// answers it keeps) holds every word, case-insensitively.
///
/// A plain `LIKE` over the stored JSON, behind this one function so that the full-text index (issue 29) can take its
/// place without the command line changing. Questions kept with their answers (opened once) come first, then those
/// seen only in a list, each group most recently fetched first.
extension QuestionCache {
    /// Up to `limit` questions of each of `sites` at `host` that hold every one of `words`, with the answers the
    /// store has of them (an empty list for a question only seen in a list).
    public func localSearch(_ words: [String], host: String, sites: [String], limit: Int) -> [(site: String, question: Question, answers: [Answer])] {
        let host = host.lowercased()
        let terms = words.map { $0.lowercased() }.filter { !$0.isEmpty }
        guard !terms.isEmpty else { return [] }
        let condition = terms.map { _ in "lower(CAST(json AS TEXT)) LIKE ? ESCAPE '\\'" }.joined(separator: " AND ")
        let patterns = terms.map { "%" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%" }
        struct Stored: Decodable {
            var question: Question
            var answers: [Answer]
        }
        let decoder = JSONDecoder()
        let found = access { pool in
            try pool.read { db -> [(String, Question, [Answer])] in
                var results: [(String, Question, [Answer])] = []
                for site in sites {
                    var seen = Set<Int>()
                    let details = try Row.fetchAll(
                        db, sql: "SELECT json FROM detail WHERE host = ? AND site = ? AND \(condition) ORDER BY fetched_at DESC LIMIT ?",
                        arguments: StatementArguments([host, site] + patterns + [limit]))
                    for row in details {
                        let data: Data = row["json"]
                        guard let stored = try? decoder.decode(Stored.self, from: data) else { continue }
                        seen.insert(stored.question.questionID)
                        results.append((site, stored.question, stored.answers))
                    }
                    guard seen.count < limit else { continue }
                    let listed = try Row.fetchAll(
                        db, sql: "SELECT json FROM question WHERE host = ? AND site = ? AND \(condition) ORDER BY fetched_at DESC LIMIT ?",
                        arguments: StatementArguments([host, site] + patterns + [limit]))
                    for row in listed where seen.count < limit {
                        let data: Data = row["json"]
                        guard let question = try? decoder.decode(Question.self, from: data),
                              seen.insert(question.questionID).inserted else { continue }
                        results.append((site, question, []))
                    }
                }
                return results
            }
        }
        return (found ?? []).map { (site: $0.0, question: $0.1, answers: $0.2) }
    }
}
