public import Foundation
import GRDB

/// The posts' pictures in the cache, beside their questions: the bytes as fetched, by address, so that a question
/// read before shows its pictures at once and offline. They count towards `[store] cache_size_mb` with the rest.
extension QuestionCache {
    /// The kept bytes of the picture at `url`, or nil; marks it used (in the background). Synchronous: call it off
    /// the main thread.
    public func picture(url: String) -> [UInt8]? {
        let found = access { pool in
            try pool.read { db in try Data.fetchOne(db, sql: "SELECT bytes FROM picture WHERE url = ?", arguments: [url]) }
        }
        guard let data = found ?? nil else { return nil }
        let now = clock().timeIntervalSince1970
        background { cache in
            _ = cache.access { pool in
                try pool.write { db in try db.execute(sql: "UPDATE picture SET used_at = ? WHERE url = ?", arguments: [now, url]) }
            }
        }
        return [UInt8](data)
    }

    /// Keeps the picture `bytes` fetched from `url` for question `questionID` on `site`, in the background.
    public func savePicture(_ bytes: [UInt8], url: String, site: String, questionID: Int) {
        let now = clock().timeIntervalSince1970
        background { cache in
            _ = cache.access { pool in
                try pool.write { db in
                    try db.execute(
                        sql: """
                            INSERT OR REPLACE INTO picture (url, site, question_id, bytes, fetched_at, used_at)
                            VALUES (?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [url, site, questionID, Data(bytes), now, now])
                }
            }
            cache.countWrite()
        }
    }
}
