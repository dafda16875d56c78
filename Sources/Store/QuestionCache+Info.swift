public import Foundation
import GRDB

/// What `--cache-info` reports about the cache file.
public struct CacheCounts: Sendable, Hashable {
    public var pages = 0
    public var questions = 0
    public var details = 0
    /// The file with its WAL, in bytes.
    public var bytesOnDisk = 0
}

extension QuestionCache {
    /// Counts and size of the cache, or nil when it is off.
    public func counts() -> CacheCounts? {
        access { pool in
            try pool.read { db in
                CacheCounts(
                    pages: try Int.fetchOne(db, sql: "SELECT count(*) FROM page") ?? 0,
                    questions: try Int.fetchOne(db, sql: "SELECT count(*) FROM question") ?? 0,
                    details: try Int.fetchOne(db, sql: "SELECT count(*) FROM detail") ?? 0,
                    bytesOnDisk: Self.bytesOnDisk(file))
            }
        }
    }

    /// Empties the cache (pages, questions, details, site lists) and gives the space back; the user-data file is not touched.
    public func clear() -> Bool {
        access { pool -> Void in
            try pool.write { db in
                try db.execute(sql: "DELETE FROM page; DELETE FROM question; DELETE FROM detail; DELETE FROM site_list; DELETE FROM search_doc; DELETE FROM search_text; DELETE FROM search_purge")
            }
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA incremental_vacuum")
                try StoreDatabase.truncateWAL(db, schema: .cache)
            }
        } != nil
    }

    /// The size of `file` and its WAL, in bytes.
    static func bytesOnDisk(_ file: URL) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path + suffix)
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}
