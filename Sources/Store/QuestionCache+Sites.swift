public import Foundation
import GRDB
public import StackExchange
public import StorePorts

extension QuestionCache {
    /// The stored site list of the API at `host` (no port), with when it was fetched, or nil.
    public func siteList(host: String) -> Cached<[Site]>? {
        guard !holdsNothingYet else { return nil }
        let found = access { pool in
            try pool.read { db -> Cached<[Site]>? in
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT json, fetched_at FROM site_list WHERE host = ?", arguments: [host.lowercased()])
                else { return nil }
                let data: Data = row["json"]
                return Cached(
                    value: try JSONDecoder().decode([Site].self, from: data),
                    fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
            }
        }
        return found ?? nil
    }

    /// Files `sites` as the site list of `host`, in an operation on the background queue.
    public func save(_ sites: [Site], host: String) {
        let now = clock()
        background { cache in cache.write(sites, host: host, at: now) }
    }

    /// Replaces the site list of `host` (synchronous: for the background operation and the tests).
    public func write(_ sites: [Site], host: String, at date: Date) {
        guard let json = try? JSONEncoder().encode(sites) else { return }
        _ = access { pool in
            try pool.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO site_list (host, json, fetched_at) VALUES (?, ?, ?)",
                    arguments: [host.lowercased(), json, date.timeIntervalSince1970])
            }
        }
    }
}
