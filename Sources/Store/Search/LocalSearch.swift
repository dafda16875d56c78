import Foundation
import GRDB

/// Runs a `SearchQuery` over a file's index: the questions whose best-matching document ranks highest (BM25,
/// scaled by the post's score), a page at a time, with a snippet of that document.
enum LocalSearch {
    /// Which questions a search looks at: one host's (nil: any) and one site's (nil: every site).
    struct Scope {
        var host: String?
        var site: String?
    }

    static let snippetStart = "\u{2}"
    static let snippetEnd = "\u{3}"

    static func run(_ query: SearchQuery, scope: Scope, limit: Int, offset: Int, db: Database) throws -> [SearchHit] {
        var filters: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let host = scope.host { filters.append("d.host = ?"); arguments.append(host) }
        if let site = scope.site { filters.append("d.site = ?"); arguments.append(site) }
        SearchFilters.add(query, to: &filters, arguments: &arguments)
        if let negative = FTSExpression.negative(query) {
            filters.append("d.doc_id NOT IN (SELECT rowid FROM search_text WHERE search_text MATCH ?)")
            arguments.append(negative)
        }
        let positive = FTSExpression.positive(query)
        let sql: String
        if let positive {
            // BM25 is computed where the FTS5 table drives the scan (SQLite refuses it once a join or a grouping
            // reorders the loop), then the documents' filters and the grouping by question apply to its rows.
            let conditions = filters.isEmpty ? "" : "WHERE " + filters.joined(separator: " AND ")
            sql = """
                WITH matched AS MATERIALIZED (
                    SELECT rowid AS doc_id, bm25(search_text, 10.0, 1.0, 1.0, 0.5, 3.0) AS rank
                    FROM search_text WHERE search_text MATCH ?)
                SELECT d.doc_id, d.host, d.site, d.question_id, d.post_id, d.kind, min(matched.rank * d.boost) AS best
                FROM matched JOIN search_doc d ON d.doc_id = matched.doc_id
                \(conditions)
                GROUP BY d.host, d.site, d.question_id ORDER BY best, d.question_id LIMIT ? OFFSET ?
                """
            arguments.insert(positive, at: 0)
        } else {
            guard !filters.isEmpty else { return [] }
            sql = """
                SELECT d.doc_id, d.host, d.site, d.question_id, d.post_id, d.kind, max(d.score) AS best
                FROM search_doc d WHERE \(filters.joined(separator: " AND "))
                GROUP BY d.host, d.site, d.question_id ORDER BY best DESC, d.question_id DESC LIMIT ? OFFSET ?
                """
        }
        arguments += [limit, offset]
        let rows = try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments.map { $0.databaseValue }))
        let snippets = try positive.map { try self.snippets($0, docIDs: rows.map { $0["doc_id"] }, db: db) } ?? [:]
        return rows.map { row in
            let docID: Int64 = row["doc_id"]
            return SearchHit(
                host: row["host"], site: row["site"], questionID: row["question_id"], postID: row["post_id"],
                kind: SearchHit.Kind(rawValue: row["kind"]) ?? .question, snippet: snippets[docID] ?? [])
        }
    }

    /// The snippet of each document, from its best-matching column.
    private static func snippets(_ expression: String, docIDs: [Int64], db: Database) throws -> [Int64: [SearchHit.Piece]] {
        guard !docIDs.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: docIDs.count).joined(separator: ",")
        var arguments: [any DatabaseValueConvertible] = [snippetStart, snippetEnd, expression]
        arguments += docIDs
        let rows = try Row.fetchAll(db, sql: """
            SELECT rowid, snippet(search_text, -1, ?, ?, '…', 12) AS text FROM search_text
            WHERE search_text MATCH ? AND rowid IN (\(marks))
            """, arguments: StatementArguments(arguments.map { $0.databaseValue }))
        var found: [Int64: [SearchHit.Piece]] = [:]
        for row in rows { found[row["rowid"]] = pieces(row["text"] ?? "") }
        return found
    }

    /// Splits FTS5's marked snippet into pieces (newlines and tabs become spaces: a snippet is one line).
    static func pieces(_ marked: String) -> [SearchHit.Piece] {
        var pieces: [SearchHit.Piece] = []
        var current = ""
        var inMatch = false
        for character in marked {
            if String(character) == snippetStart || String(character) == snippetEnd {
                if !current.isEmpty { pieces.append(.init(current, isMatch: inMatch)) }
                current = ""
                inMatch = String(character) == snippetStart
            } else {
                current.append(character.isNewline || character == "\t" ? " " : character)
            }
        }
        if !current.isEmpty { pieces.append(.init(current, isMatch: inMatch)) }
        return pieces
    }
}
