import Foundation
import GRDB

/// The SQL of the data file's shared pause and answer rows (`watch_poll`: each request's last answer; `watch_limit`:
/// the quota, and a deadline under each name such as `backoff METHOD`), written once for the two stores that keep
/// them: `WatchStore` (the watches) and `PauseStore` (the shell), so both read and write the same rows the same way.
enum WatchTableRows {
    /// The last answer to the request `identity`: when it was sent, and its items.
    static func answer(in db: Database, to identity: String) throws -> (sentAt: Date, items: Data)? {
        guard let row = try Row.fetchOne(db, sql: "SELECT sent_at, response FROM watch_poll WHERE request = ?", arguments: [identity]) else {
            return nil
        }
        return (Date(timeIntervalSince1970: row["sent_at"]), row["response"])
    }

    /// Keeps `items` as the last answer to `identity`, sent at `sentAt`.
    static func recordAnswer(in db: Database, to identity: String, sentAt: Date, items: Data) throws {
        try db.execute(
            sql: """
                INSERT INTO watch_poll (request, sent_at, response) VALUES (?, ?, ?)
                ON CONFLICT(request) DO UPDATE SET sent_at = excluded.sent_at, response = excluded.response
                """,
            arguments: [identity, sentAt.timeIntervalSince1970, items])
    }

    /// The last quota heard: what remained of `max`, and when.
    static func quota(in db: Database) throws -> (remaining: Int, max: Int, at: Date)? {
        guard let row = try Row.fetchOne(db, sql: "SELECT remaining, maximum, until FROM watch_limit WHERE name = 'quota'") else {
            return nil
        }
        return (row["remaining"], row["maximum"], Date(timeIntervalSince1970: row["until"]))
    }

    /// Keeps the quota heard at `at`.
    static func recordQuota(in db: Database, remaining: Int, max: Int, at: Date) throws {
        try db.execute(
            sql: """
                INSERT INTO watch_limit (name, remaining, maximum, until) VALUES ('quota', ?, ?, ?)
                ON CONFLICT(name) DO UPDATE SET remaining = excluded.remaining, maximum = excluded.maximum, until = excluded.until
                """,
            arguments: [remaining, max, at.timeIntervalSince1970])
    }

    /// Every deadline kept under a name that starts with one of `prefixes` (`"backoff "`, `"throttle "`).
    static func deadlines(in db: Database, prefixes: [String]) throws -> [(name: String, until: Date)] {
        let rows = try Row.fetchAll(db, sql: "SELECT name, until FROM watch_limit WHERE name != 'quota'")
        return rows.compactMap { row in
            let name: String = row["name"]
            guard prefixes.contains(where: name.hasPrefix) else { return nil }
            return (name, Date(timeIntervalSince1970: row["until"]))
        }
    }

    /// Keeps the later of the deadline kept under `name` and `until`.
    static func recordDeadline(in db: Database, name: String, until: Date) throws {
        try db.execute(
            sql: """
                INSERT INTO watch_limit (name, remaining, maximum, until) VALUES (?, 0, 0, ?)
                ON CONFLICT(name) DO UPDATE SET until = max(until, excluded.until)
                """,
            arguments: [name, until.timeIntervalSince1970])
    }
}
