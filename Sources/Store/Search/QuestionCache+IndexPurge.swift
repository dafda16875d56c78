import Foundation
import GRDB

/// The second half of the prune's work on the full-text index: deleting the pruned documents' text from FTS5.
///
/// The prune takes its documents out of the search in its own transaction (`unindexPruned`: their `search_doc` rows go,
/// and every search joins them), so a pruned question is never found again. Deleting their text from the FTS5 table
/// is the costly part (FTS5 reads the text back and tokenizes it again to write its delete markers; SQLite 3.40 has no
/// `contentless_delete`): it doubled the prune's time. It is done after the prune instead, in transactions of
/// `purgeBatchSize` documents on the background queue, so that no write waits long behind it; at quit (`finish`) and
/// for `pruneNow()`, what is left is purged at once. `scripts/bench` times the purge in a row of its own.
extension QuestionCache {
    /// When the prune's documents leave the FTS5 table.
    public enum IndexPurge: Sendable {
        /// In the prune's own call, after it (at quit, and by default for `pruneNow`).
        case withThePrune
        /// In small batches on the background queue, one after another (the prunes made while the browser runs).
        case inBackground
        /// Left for the caller's `purgeIndexNow` (the benchmark, which times it apart).
        case byTheCaller
    }

    /// Documents whose text one background transaction deletes: about 10 ms of work on a small machine.
    public static let purgeBatchSize = 250

    /// True while some pruned document's text is still in the FTS5 table.
    static func hasPendingPurge(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM search_purge)") ?? false
    }

    /// Deletes the text of up to `limit` pruned documents (the lowest ids) from the FTS5 table; true when more are left.
    ///
    /// An id a new document took since (SQLite gives a deleted largest rowid out again) keeps its text: that
    /// document's insert replaced the old text already.
    static func purgeIndexBatch(_ db: Database, limit: Int) throws -> Bool {
        guard let last = try Int64.fetchOne(db, sql: """
            SELECT max(doc_id) FROM (SELECT doc_id FROM search_purge ORDER BY doc_id LIMIT ?)
            """, arguments: [limit])
        else { return false }
        try db.execute(sql: """
            DELETE FROM search_text WHERE rowid IN (
                SELECT doc_id FROM search_purge AS p WHERE doc_id <= ?
                AND NOT EXISTS (SELECT 1 FROM search_doc AS d WHERE d.doc_id = p.doc_id))
            """, arguments: [last])
        try db.execute(sql: "DELETE FROM search_purge WHERE doc_id <= ?", arguments: [last])
        return try hasPendingPurge(db)
    }

    /// Purges every pending document in one transaction.
    func purgeIndex(_ pool: DatabasePool) throws {
        try pool.write { db in _ = try Self.purgeIndexBatch(db, limit: Int.max) }
    }

    /// The background purge: whether it runs, and whether the prune's second pass follows it.
    struct PurgeRun: Sendable {
        var isRunning = false
        var prunesAgain = false
    }

    /// Starts the background purge unless it is running: one batch an operation, each queuing the next. With
    /// `thenPruneAgain`, the prune's second pass follows the last batch (see `purgeStep`).
    func schedulePurge(thenPruneAgain: Bool) {
        let starts = purgeRun.withLock { run -> Bool in
            defer {
                run.isRunning = true
                run.prunesAgain = run.prunesAgain || thenPruneAgain
            }
            return !run.isRunning
        }
        if starts { background { cache in cache.purgeStep() } }
    }

    /// One background batch. After the last, the freed pages go back to the disk, and the prune's second pass runs, as
    /// `prune(indexPurge: .withThePrune)` does at once: FTS5's delete markers can leave the file just over its limit.
    /// That pass's own purge is not followed by a third (the markers would call for one pass after another).
    func purgeStep() {
        let more = access { pool in try pool.write { db in try Self.purgeIndexBatch(db, limit: Self.purgeBatchSize) } } ?? false
        if more {
            background { cache in cache.purgeStep() }
            return
        }
        let prunesAgain = purgeRun.withLock { run -> Bool in
            defer { run = PurgeRun() }
            return run.prunesAgain
        }
        _ = access { pool in
            let removed = prunesAgain ? try pruneOnce(pool) : 0
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA incremental_vacuum") }
            if removed > 0 { schedulePurge(thenPruneAgain: false) }
        }
    }

    /// The background purge's batches, on the caller's thread (after `pruneNow(indexPurge: .byTheCaller)`), then the
    /// freed pages given back; returns how many batches it took.
    @discardableResult
    public func purgeIndexNow(batchSize: Int = QuestionCache.purgeBatchSize) -> Int {
        access { pool -> Int in
            var batches = 0
            var more = try pool.read { db in try Self.hasPendingPurge(db) }
            while more {
                more = try pool.write { db in try Self.purgeIndexBatch(db, limit: batchSize) }
                batches += 1
            }
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA incremental_vacuum") }
            return batches
        } ?? 0
    }
}
