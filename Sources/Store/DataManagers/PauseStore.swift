import Dispatch
public import Foundation
import GRDB
public import StackExchange
import Synchronization

/// The API's pauses and the last answer of each request, in the data file's watch tables (`watch_limit`,
/// `watch_poll`): the same rows `watch --once` and a running browser's watches keep their backoffs, quota and
/// answers in, so the shell and the watches obey one record. Read and written at once on the caller's thread.
///
/// The rows: `backoff METHOD` (as the watches write them), `throttle METHOD`, `throttle ip`, and `quota`; each
/// answer under its request's identity. Without a data file it keeps nothing and every request may be sent.
public final class PauseStore: PauseKeeping {
    /// The data file, once open (nil: it cannot be).
    private let opened = Mutex<StoreDatabase?>(nil)
    /// Left once the open has ended, either way.
    private let settled = DispatchGroup()

    /// Opens the data file at `paths.dataFile` (creating it) on another thread, beside the launch's other work; the
    /// first read or write waits for it. A file that cannot be opened keeps nothing.
    public init(paths: StorePaths) {
        settled.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let database = try? StoreDatabase.open(paths.dataFile, schema: .userData)
            opened.withLock { $0 = database }
            settled.leave()
        }
    }

    private var database: StoreDatabase? {
        settled.wait()
        return opened.withLock { $0 }
    }

    private static let backoffPrefix = "backoff "
    private static let throttlePrefix = "throttle "
    private static let ipThrottleName = "throttle ip"

    public func pauseRecord() -> PauseRecord {
        let rows = (try? database?.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT name, until FROM watch_limit WHERE name LIKE 'backoff %' OR name LIKE 'throttle %'")
        }) ?? []
        var record = PauseRecord()
        for row in rows {
            let name: String = row["name"]
            let until = Date(timeIntervalSince1970: row["until"])
            if name == Self.ipThrottleName {
                record.ipThrottle = until
            } else if name.hasPrefix(Self.backoffPrefix) {
                record.backoffs[String(name.dropFirst(Self.backoffPrefix.count))] = until
            } else {
                record.throttles[String(name.dropFirst(Self.throttlePrefix.count))] = until
            }
        }
        return record
    }

    public func recordBackoff(methodKey: String, until: Date) {
        recordLimit(Self.backoffPrefix + methodKey, until: until)
    }

    public func recordThrottle(methodKey: String?, until: Date) {
        recordLimit(methodKey.map { Self.throttlePrefix + $0 } ?? Self.ipThrottleName, until: until)
    }

    public func answer(to identity: String) -> RecordedAnswer? {
        let row = try? database?.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT sent_at, response FROM watch_poll WHERE request = ?", arguments: [identity])
        }
        guard let row else { return nil }
        return RecordedAnswer(sentAt: Date(timeIntervalSince1970: row["sent_at"]), items: row["response"])
    }

    public func recordAnswer(_ answer: RecordedAnswer, to identity: String) {
        write(
            """
            INSERT INTO watch_poll (request, sent_at, response) VALUES (?, ?, ?)
            ON CONFLICT(request) DO UPDATE SET sent_at = excluded.sent_at, response = excluded.response
            """,
            [identity, answer.sentAt.timeIntervalSince1970, answer.items])
    }

    public func recordQuota(remaining: Int, max: Int, at: Date) {
        write(
            """
            INSERT INTO watch_limit (name, remaining, maximum, until) VALUES ('quota', ?, ?, ?)
            ON CONFLICT(name) DO UPDATE SET remaining = excluded.remaining, maximum = excluded.maximum, until = excluded.until
            """,
            [remaining, max, at.timeIntervalSince1970])
    }

    /// Keeps the later of the deadline kept and `until` under `name`.
    private func recordLimit(_ name: String, until: Date) {
        write(
            """
            INSERT INTO watch_limit (name, remaining, maximum, until) VALUES (?, 0, 0, ?)
            ON CONFLICT(name) DO UPDATE SET until = max(until, excluded.until)
            """,
            [name, until.timeIntervalSince1970])
    }

    private func write(_ sql: String, _ arguments: StatementArguments) {
        // A pause that cannot be written leaves the next process to hear it again from the API; the answer in hand
        // is not held up for it.
        try? database?.pool.write { db in try db.execute(sql: sql, arguments: arguments) }
    }
}
