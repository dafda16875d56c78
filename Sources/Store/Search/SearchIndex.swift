import Foundation
import GRDB

/// The full-text index, the same in the cache and in every imported site's file: an FTS5 table of the words
/// (`search_text`: title, body, code, comments, tags) and beside it one row per document (`search_doc`) with
/// what the filters read. A document is a question, an answer or a comment; its question's tags are on each.
///
/// BM25 ranks the words; `boost` (from the post's score) scales it, so a well-voted post comes first among equals.
enum SearchIndex {
    /// The document kinds, as stored.
    enum Kind: Int {
        case question = 1, answer = 2, comment = 3
    }

    /// Creates the two tables and the document index (a migration's work).
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE VIRTUAL TABLE search_text USING fts5(
                title, body, code, comments, tags, tokenize = 'unicode61 remove_diacritics 2');
            CREATE TABLE search_doc (
                doc_id INTEGER PRIMARY KEY,
                host TEXT NOT NULL,
                site TEXT NOT NULL,
                question_id INTEGER NOT NULL,
                post_id INTEGER NOT NULL,
                kind INTEGER NOT NULL,
                score INTEGER NOT NULL,
                boost REAL NOT NULL,
                accepted INTEGER NOT NULL,
                answers INTEGER NOT NULL,
                closed INTEGER NOT NULL,
                user_id INTEGER,
                created REAL NOT NULL,
                tags TEXT NOT NULL
            );
            CREATE INDEX search_doc_question ON search_doc(host, site, question_id);
            """)
    }

    /// The boost a post's score gives its rank (BM25 is negative, smaller is better: a factor above 1 helps).
    static func boost(score: Int) -> Double { 1 + 0.1 * log(1 + Double(max(score, 0))) }

    /// The stored form of a tag list, `|a|b|`, which `[tag]` finds with `instr`.
    static func tagField(_ tags: [String]) -> String { tags.isEmpty ? "" : "|" + tags.map { $0.lowercased() }.joined(separator: "|") + "|" }

    /// Adds (or replaces, when `docID` is given and taken) one document.
    static func insert(_ document: SearchDocument, docID: Int64? = nil, db: Database) throws {
        let doc = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO search_doc
                (doc_id, host, site, question_id, post_id, kind, score, boost, accepted, answers, closed, user_id, created, tags)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try doc.execute(arguments: [
            docID, document.host, document.site, document.questionID, document.postID, document.kind.rawValue,
            document.score, boost(score: document.score), document.accepted, document.answers, document.closed,
            document.userID, document.created, tagField(document.tags),
        ])
        let rowID = docID ?? db.lastInsertedRowID
        let text = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO search_text (rowid, title, body, code, comments, tags) VALUES (?, ?, ?, ?, ?, ?)
            """)
        try text.execute(arguments: [
            rowID, document.title, document.body, document.code, document.comments, document.tags.joined(separator: " "),
        ])
    }

    /// Removes every document of one question (a refreshed or pruned question).
    static func removeQuestion(host: String, site: String, questionID: Int, db: Database) throws {
        let text = try db.cachedStatement(sql: """
            DELETE FROM search_text WHERE rowid IN
                (SELECT doc_id FROM search_doc WHERE host = ? AND site = ? AND question_id = ?)
            """)
        try text.execute(arguments: [host, site, questionID])
        let doc = try db.cachedStatement(sql: "DELETE FROM search_doc WHERE host = ? AND site = ? AND question_id = ?")
        try doc.execute(arguments: [host, site, questionID])
    }

    /// True when the question has a document of `kind`.
    static func hasDocuments(host: String, site: String, questionID: Int, kind: Kind, db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM search_doc WHERE host = ? AND site = ? AND question_id = ? AND kind = ?)
            """, arguments: [host, site, questionID, kind.rawValue]) ?? false
    }
}

/// One document for the index: the words and the facts the filters read.
struct SearchDocument {
    var host: String
    var site: String
    var questionID: Int
    var postID: Int
    var kind: SearchIndex.Kind
    var score: Int
    /// An answer: accepted; a question: has an accepted answer.
    var accepted: Bool
    var answers: Int
    var closed: Bool
    var userID: Int?
    var created: Double
    var tags: [String]
    var title: String = ""
    var body: String = ""
    var code: String = ""
    var comments: String = ""
}
