import Foundation
import GRDB

extension QuestionCache {
    /// The bytes the file's live pages take (its size less the free pages a vacuum would give back).
    static func usedBytes(_ db: Database) throws -> Int {
        let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        return (pages - free) * pageSize
    }

    /// Drops the least recently used questions, details and pictures until the file is under 90% of `sizeLimit`
    /// (a dropped detail takes its question's pictures with it), then the pages that lost a question, and gives the
    /// freed pages back to the disk.
    ///
    /// Returns how many entries were removed (0 when the cache was already small enough).
    ///
    /// `checkpointingWAL` false leaves the WAL's pages where they are (`checkpointWAL` moves them later): the
    /// benchmark times the prune itself, the checkpoint apart. `indexPurge` says when the pruned documents' text leaves
    /// the full-text index (they leave the search at once, whatever it says).
    @discardableResult
    func prune(_ pool: DatabasePool, checkpointingWAL: Bool = true, indexPurge: IndexPurge = .inBackground) throws -> Int {
        var removed = 0
        switch indexPurge {
        case .withThePrune:
            try purgeIndex(pool)
            removed = try pruneOnce(pool)
            if removed > 0 {
                try purgeIndex(pool)
                // Deleting from the full-text index writes FTS5's delete markers, which can leave the file just over the
                // limit: a second pass then removes a little more (merging the index instead, 'optimize', cost more).
                removed += try pruneOnce(pool)
                try purgeIndex(pool)
            }
        case .inBackground, .byTheCaller:
            // While text is left to purge, the file holds it: a prune would take more questions than it should
            // (`pruneOnce` waits). The purge's last batch makes the second pass.
            removed = try pruneOnce(pool)
            if indexPurge == .inBackground, try pool.read({ db in try Self.hasPendingPurge(db) }) { schedulePurge(thenPruneAgain: true) }
        }
        if removed > 0 {
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA incremental_vacuum") }
            if checkpointingWAL { try checkpointWAL(pool) }
        }
        return removed
    }

    /// One pass of `prune`: the least recently used rows until the file's live pages are under 90% of the limit.
    func pruneOnce(_ pool: DatabasePool) throws -> Int {
        try pool.write { db -> Int in
            let used = try Self.usedBytes(db)
            guard used > sizeLimit, try !Self.hasPendingPurge(db) else { return 0 }
            // A row costs more on disk than its JSON (keys, b-tree slack): scale by what the rows cost on average.
            let stored = try Int.fetchOne(db, sql: """
                SELECT (SELECT coalesce(sum(length(json)), 0) FROM question) + (SELECT coalesce(sum(length(json)), 0) FROM detail)
                    + (SELECT coalesce(sum(length(bytes)), 0) FROM picture)
                """) ?? 0
            guard stored > 0 else { return 0 }
            let costPerByte = Double(used) / Double(stored)
            var excess = Double(used - sizeLimit * 9 / 10)
            var victims: [(table: String, rowid: Int64)] = []
            // A question's pictures go with its detail: the detail's size counts them, and a picture met on its own
            // (used longer ago than its question) is not counted twice.
            var droppedQuestions = Set<PictureOwner>()
            var countedPictures: [PictureOwner: Int] = [:]
            let cursor = try Row.fetchCursor(db, sql: """
                SELECT 'question' AS kind, rowid, length(json) AS size, used_at, site, id AS question_id FROM question
                UNION ALL SELECT 'detail', rowid, length(json) + (
                        SELECT coalesce(sum(length(p.bytes)), 0) FROM picture AS p
                        WHERE p.site = detail.site AND p.question_id = detail.question_id),
                    used_at, site, question_id FROM detail
                UNION ALL SELECT 'picture', rowid, length(bytes), used_at, site, question_id FROM picture
                ORDER BY used_at
                """)
            while excess > 0, let row = try cursor.next() {
                let kind: String = row["kind"]
                let owner = PictureOwner(site: row["site"], questionID: row["question_id"])
                var size: Int = row["size"]
                switch kind {
                case "detail":
                    size -= countedPictures[owner] ?? 0
                    droppedQuestions.insert(owner)
                case "picture":
                    guard !droppedQuestions.contains(owner) else { continue }
                    countedPictures[owner, default: 0] += size
                default:
                    break
                }
                victims.append((kind, row["rowid"]))
                excess -= Double(size) * costPerByte
            }
            for table in ["question", "detail", "picture"] {
                let ids = victims.filter { $0.table == table }.map(\.rowid)
                for chunk in stride(from: 0, to: ids.count, by: 500) {
                    let slice = Array(ids[chunk..<min(ids.count, chunk + 500)])
                    let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
                    try db.execute(sql: "DELETE FROM \(table) WHERE rowid IN (\(marks))", arguments: StatementArguments(slice))
                }
            }
            for owner in droppedQuestions {
                try db.execute(
                    sql: "DELETE FROM picture WHERE site = ? AND question_id = ?", arguments: [owner.site, owner.questionID])
            }
            try Self.unindexPruned(db)
            try db.execute(sql: """
                DELETE FROM page WHERE EXISTS (
                    SELECT 1 FROM json_each(page.question_ids) AS j WHERE NOT EXISTS (
                        SELECT 1 FROM question AS q WHERE q.host = page.host AND q.site = page.site AND q.id = j.value))
                """)
            return victims.count
        }
    }

    /// Moves the WAL's pages into the file and truncates the WAL, giving its space back (the checkpoint is skipped quietly
    /// while another connection reads), then commits one page into it.
    ///
    /// The one page: GRDB's WAL set-up, at the next launch's open, finds an empty WAL and writes a table into it (and
    /// SQLite syncs it twice) before the first frame can read the cache. A WAL left with one committed page (its header
    /// and a frame, 4,152 bytes) makes that open write nothing.
    func checkpointWAL(_ pool: DatabasePool) throws {
        try pool.writeWithoutTransaction { db in try StoreDatabase.truncateWAL(db, schema: .cache) }
    }

    /// Prunes now (for the tests and the benchmarks), the index's text purged with it unless `indexPurge` says
    /// otherwise; returns the entries removed.
    @discardableResult
    public func pruneNow(checkpointingWAL: Bool = true, indexPurge: IndexPurge = .withThePrune) -> Int {
        access { pool in try prune(pool, checkpointingWAL: checkpointingWAL, indexPurge: indexPurge) } ?? 0
    }

    /// Checkpoints and truncates the WAL now (after `pruneNow(checkpointingWAL: false)`).
    public func checkpointWALNow() {
        _ = access { pool in try checkpointWAL(pool) }
    }
}

extension QuestionCache {
    /// Leaves the files on disk within `sizeLimit` before the program exits: prunes when the live pages are over
    /// the limit, then checkpoints the WAL and truncates it to one page (`[store] cache_size_mb`, WAL included;
    /// `checkpointWAL` says why one page).
    ///
    /// Call it after the background queue has finished the last writes. Returns the bytes left on disk
    /// (the file and its WAL), or nil when the cache is off.
    @discardableResult
    public func finish() -> Int? {
        access { pool -> Int in
            try prune(pool, indexPurge: .withThePrune)
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA incremental_vacuum")
                try StoreDatabase.truncateWAL(db, schema: .cache)
            }
            return Self.bytesOnDisk(file)
        }
    }
}
