public import Foundation
import GRDB

/// Writes an import into a site's file, a batch of rows per transaction with the import's progress in the same
/// transaction: a process killed at any moment leaves the file at the end of a batch, and the next run skips
/// exactly the rows already written (`committedRows`). Rows are written with `INSERT OR REPLACE` besides, so a
/// row written twice is still one row.
public final class ImportedSiteWriter: Sendable {
    let database: StoreDatabase
    public let site: String
    public var file: URL { database.url }

    /// Opens (creating when missing) the file at `file` for `site`.
    public init(file: URL, site: String) throws(StoreProblem) {
        database = try StoreDatabase.open(file, schema: .importedSite)
        self.site = site
        // The import writes a big index: a larger page cache for this connection keeps FTS5's merges in memory.
        try? database.pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = -32768")
            // Checkpoints every 40 MB of WAL rather than 4: fewer copies back into the file and fewer syncs.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 10000")
        }
        // No merging of the index's segments while rows come in (`finish` merges them all once, with 'optimize');
        // merging as it goes cost a fifth of the import's time. The setting lives in the file: `finish` restores it.
        try? database.pool.write { db in
            try db.execute(sql: "INSERT INTO search_text (search_text, rank) VALUES ('automerge', 0)")
            try db.execute(sql: "INSERT INTO search_text (search_text, rank) VALUES ('crisismerge', 64)")
        }
    }

    /// Caps the file at `pages` pages (SQLite's `max_page_count`): a write past it fails as a full disk does. For
    /// tests of a full disk, which cannot fill a real one.
    public func limitPages(to pages: Int) {
        try? database.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(pages)") }
    }

    /// A value of the file's `meta` table.
    public func meta(_ key: String) -> String? {
        try? database.pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]) }
    }

    /// Sets values of `meta`, in one transaction.
    public func setMeta(_ values: [String: String]) throws {
        try database.pool.write { db in
            for (key, value) in values {
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: [key, value])
            }
        }
    }

    /// The rows of `fileName` (e.g. `Posts.xml`) already written by earlier runs, counting skipped ones.
    public func committedRows(_ fileName: String) -> Int {
        meta("rows:\(fileName)").flatMap(Int.init) ?? 0
    }

    /// Writes `rows` and records that `rowsDone` rows of `fileName` are done (`skipped` of them malformed), in one
    /// transaction.
    /// A failure (a full disk) rolls the batch back and throws the file's problem.
    public func write(_ rows: [DumpRow], fileName: String, rowsDone: Int, skipped: Int) throws(StoreProblem) {
        do { try writeBatch(rows, fileName: fileName, rowsDone: rowsDone, skipped: skipped) } catch {
            throw StoreDatabase.classify(error, path: file.path)
        }
    }

    private func writeBatch(_ rows: [DumpRow], fileName: String, rowsDone: Int, skipped: Int) throws {
        try database.pool.write { db in
            for row in rows {
                switch row {
                case .post(let post): try Self.insert(post, site: site, db: db)
                case .comment(let comment): try Self.insert(comment, site: site, db: db)
                case .user(let user):
                    try db.cachedStatement(sql: "INSERT OR REPLACE INTO user (id, name, reputation) VALUES (?, ?, ?)")
                        .execute(arguments: [user.id, user.name, user.reputation])
                }
            }
            let progress = try db.cachedStatement(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)")
            try progress.execute(arguments: ["rows:\(fileName)", "\(rowsDone)"])
            try progress.execute(arguments: ["skipped:\(fileName)", "\(skipped)"])
        }
    }

    /// Once every file is in: comments learn their question (a comment's document is written with the post it is
    /// on, which for a comment on an answer is the answer; its own id is no post's), answers and comments their question's tags, posts
    /// of types not imported lose their comments' documents, the list's indexes are made, and the file is marked
    /// complete with the dump's date (its newest activity). Running it twice does no harm.
    public func finish() throws(StoreProblem) -> Double {
        do { return try finishing() } catch { throw StoreDatabase.classify(error, path: file.path) }
    }

    private func finishing() throws -> Double {
        try database.pool.write { db in
            try db.execute(sql: """
                UPDATE search_doc AS d SET question_id = coalesce(p.parent_id, p.id)
                    FROM post AS p WHERE d.kind = 3 AND p.id = d.question_id;
                DELETE FROM search_text WHERE rowid IN (SELECT doc_id FROM search_doc AS d WHERE d.kind != 1
                    AND NOT EXISTS (SELECT 1 FROM post WHERE post.id = d.question_id AND post.type = 1));
                DELETE FROM search_doc AS d WHERE d.kind != 1
                    AND NOT EXISTS (SELECT 1 FROM post WHERE post.id = d.question_id AND post.type = 1);
                UPDATE search_doc AS d SET tags = q.tags FROM search_doc AS q
                    WHERE d.kind != 1 AND q.doc_id = d.question_id;
                UPDATE search_doc AS d SET accepted = 1 FROM post AS q
                    WHERE d.kind = 2 AND q.id = d.question_id AND q.accepted_answer_id = d.post_id;
                CREATE INDEX IF NOT EXISTS post_parent ON post(parent_id) WHERE parent_id IS NOT NULL;
                CREATE INDEX IF NOT EXISTS question_activity ON post(type, last_activity);
                CREATE INDEX IF NOT EXISTS question_created ON post(type, created);
                CREATE INDEX IF NOT EXISTS question_score ON post(type, score);
                CREATE INDEX IF NOT EXISTS comment_post ON comment(post_id);
                INSERT INTO search_text (search_text) VALUES ('optimize');
                INSERT INTO search_text (search_text, rank) VALUES ('automerge', 4);
                INSERT INTO search_text (search_text, rank) VALUES ('crisismerge', 16);
                """)
            let newest = try Double.fetchOne(db, sql: "SELECT max(coalesce(last_activity, created)) FROM post") ?? 0
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('dump_date', ?), ('state', 'complete')",
                           arguments: ["\(newest)"])
            return newest
        }
    }

    /// Moves the WAL into the file and closes it (before the file is renamed into place).
    public func close() {
        _ = try? database.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        database.close()
    }

    static func insert(_ post: DumpPost, site: String, db: Database) throws {
        let tags = SearchIndex.tagField(post.tags)
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO post (id, type, parent_id, accepted_answer_id, created, last_activity, last_edit, score,
                views, answer_count, closed, owner_id, owner_name, title, tags, body, license)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                post.id, post.isQuestion ? 1 : 2, post.parentID, post.acceptedAnswerID, post.created, post.lastActivity,
                post.lastEdit, post.score, post.views, post.answerCount, post.closed, post.ownerID, post.ownerName,
                post.title, tags, post.body, post.license,
            ])
        if post.isQuestion {
            let tagRow = try db.cachedStatement(sql: "INSERT OR IGNORE INTO question_tag (tag, question_id) VALUES (?, ?)")
            for tag in Set(post.tags.map { $0.lowercased() }) { try tagRow.execute(arguments: [tag, post.id]) }
        }
        let text = SearchText(html: post.body)
        try SearchIndex.insert(SearchDocument(
            host: "", site: site, questionID: post.isQuestion ? post.id : (post.parentID ?? post.id), postID: post.id,
            kind: post.isQuestion ? .question : .answer, score: post.score,
            accepted: post.isQuestion ? post.acceptedAnswerID != nil : false, answers: post.answerCount,
            closed: post.closed != nil, userID: post.ownerID, created: post.created, tags: post.isQuestion ? post.tags : [],
            title: post.title ?? "", body: text.prose, code: text.code), docID: Int64(post.id), db: db)
    }

    static func insert(_ comment: DumpComment, site: String, db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO comment (id, post_id, score, created, user_id, user_name, text) VALUES (?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [comment.id, comment.postID, comment.score, comment.created, comment.userID, comment.userName, comment.text])
        try SearchIndex.insert(SearchDocument(
            host: "", site: site, questionID: comment.postID, postID: comment.id, kind: .comment, score: comment.score,
            accepted: false, answers: 0, closed: false, userID: comment.userID, created: comment.created, tags: [],
            comments: comment.text), docID: -Int64(comment.id), db: db)
    }
}
