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
            try WatchTableRows.deadlines(in: db, prefixes: [Self.backoffPrefix, Self.throttlePrefix])
        }) ?? []
        var record = PauseRecord()
        for (name, until) in rows {
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
        write { try WatchTableRows.recordDeadline(in: $0, name: Self.backoffPrefix + methodKey, until: until) }
    }

    public func recordThrottle(methodKey: String?, until: Date) {
        let name = methodKey.map { Self.throttlePrefix + $0 } ?? Self.ipThrottleName
        write { try WatchTableRows.recordDeadline(in: $0, name: name, until: until) }
    }

    public func answer(to identity: String) -> RecordedAnswer? {
        let found = try? database?.pool.read { db in try WatchTableRows.answer(in: db, to: identity) }
        return found.map { RecordedAnswer(sentAt: $0.sentAt, items: $0.items) }
    }

    public func recordAnswer(_ answer: RecordedAnswer, to identity: String) {
        write { try WatchTableRows.recordAnswer(in: $0, to: identity, sentAt: answer.sentAt, items: answer.items) }
    }

    public func recordQuota(remaining: Int, max: Int, at: Date) {
        write { try WatchTableRows.recordQuota(in: $0, remaining: remaining, max: max, at: at) }
    }

    private func write(_ change: (Database) throws -> Void) {
        // A pause that cannot be written leaves the next process to hear it again from the API; the answer in hand
        // is not held up for it.
        try? database?.pool.write { db in try change(db) }
    }
}
