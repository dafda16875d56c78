public import Foundation
import GRDB
import Operations
import Synchronization
public import StorePorts

/// The watches in the data file (`watch`, `watch_poll`, `watch_item`, and `list_look`: when each list was last looked
/// at): read and written at once on the caller's thread (`watch --once`, the poll's requests), so a second stackterm
/// sees every change as soon as it is made. The browser's own writes go through `inBackground`, on the background
/// queue in the order asked, and a look is always written there (`recordLook`).
///
/// Without a data file it keeps nothing: every watch is gone and every request may be sent.
public final class WatchStore: WatchKeeping {
    private let personal: PersonalDataOpening
    /// The last write `inBackground` enqueued: the next waits for it (the background lane runs two at a time, and an
    /// add then a remove of the same watch must land in that order).
    private let lastWrite = Mutex<Operation?>(nil)
    /// `startingState`, being read on a thread of its own since the launch (`readStartingStateAhead`), for the first
    /// call to take.
    private let startingStateAhead = Mutex<MadeAside<WatchSnapshot>?>(nil)
    /// True once the read `readStartingStateAhead` started has been made (for tests).
    let hasReadStartingStateAhead = Mutex(false)

    public init(personal: PersonalDataOpening) {
        self.personal = personal
    }

    private var pool: DatabasePool? { personal.manager.database?.pool }

    public func watches() -> [WatchEntry] {
        (try? pool?.read(Self.watches(in:))) ?? []
    }

    private static func watches(in db: Database) throws -> [WatchEntry] {
        try Row.fetchAll(db, sql: "SELECT site, kind, subject, since FROM watch ORDER BY site, kind, subject").compactMap { row in
            guard let kind = WatchEntry.Kind(rawValue: row["kind"]) else { return nil }
            return WatchEntry(site: row["site"], kind: kind, subject: row["subject"], since: Date(timeIntervalSince1970: row["since"]))
        }
    }

    /// Starts reading `startingState` on a thread of its own, which waits for the data file's open: the browser's start
    /// reads it on the main thread before the first frame (0.8 M instructions: five statements prepared), and takes
    /// this one instead. Nothing in this process writes the watches before that start; what another program writes
    /// meanwhile is as if it had come a moment after a read on the main thread.
    public func readStartingStateAhead() {
        let ahead = MadeAside { [self] in
            let snapshot = readStartingState(onTheWriter: true)
            hasReadStartingStateAhead.withLock { $0 = true }
            return snapshot
        }
        startingStateAhead.withLock { $0 = ahead }
    }

    /// The state read ahead, the first time after `readStartingStateAhead` (waiting for it if it is still being read);
    /// else one read of the data file.
    public func startingState() -> WatchSnapshot {
        let ahead = startingStateAhead.withLock { ahead -> MadeAside<WatchSnapshot>? in
            defer { ahead = nil }
            return ahead
        }
        return ahead?.value ?? readStartingState()
    }

    /// One read of the data file for the five parts (each on its own is a read of its own, a transaction each);
    /// `onTheWriter` for the launch's read ahead, made while nothing writes (`StoreDatabase.read(_:onTheWriter:_:)`).
    private func readStartingState(onTheWriter: Bool = false) -> WatchSnapshot {
        let empty = WatchSnapshot(watches: [], unseen: [])
        guard let pool else { return empty }
        return (try? StoreDatabase.read(pool, onTheWriter: onTheWriter) { db in
            WatchSnapshot(
                watches: try Self.watches(in: db), unseen: try Self.unseenItems(in: db), quota: try Self.lastQuota(in: db),
                backoffs: try Self.backoffs(in: db), looks: try Self.listLooks(in: db))
        }) ?? empty
    }

    public func addWatch(_ entry: WatchEntry) {
        write(
            "INSERT INTO watch (site, kind, subject, since) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [entry.site, entry.kind.rawValue, entry.subject, entry.since.timeIntervalSince1970])
    }

    public func removeWatch(site: String, kind: WatchEntry.Kind, subject: String) {
        write("DELETE FROM watch WHERE site = ? AND kind = ? AND subject = ?", [site, kind.rawValue, subject])
    }

    public func advance(site: String, kind: WatchEntry.Kind, subject: String, to since: Date) {
        write(
            "UPDATE watch SET since = max(since, ?) WHERE site = ? AND kind = ? AND subject = ?",
            [since.timeIntervalSince1970, site, kind.rawValue, subject])
    }

    public func lastPoll(of identity: String) -> WatchPoll? {
        let found = try? pool?.read { db in try WatchTableRows.answer(in: db, to: identity) }
        return found.map { WatchPoll(sentAt: $0.sentAt, response: $0.items) }
    }

    public func recordPoll(_ poll: WatchPoll, of identity: String) {
        change { try WatchTableRows.recordAnswer(in: $0, to: identity, sentAt: poll.sentAt, items: poll.response) }
    }

    public func lastQuota() -> WatchQuota? {
        (try? pool?.read(Self.lastQuota(in:))) ?? nil
    }

    private static func lastQuota(in db: Database) throws -> WatchQuota? {
        try WatchTableRows.quota(in: db).map { WatchQuota(remaining: $0.remaining, max: $0.max, at: $0.at) }
    }

    public func recordQuota(_ quota: WatchQuota) {
        change { try WatchTableRows.recordQuota(in: $0, remaining: quota.remaining, max: quota.max, at: quota.at) }
    }

    /// The methods resting after a `backoff`, as the watches and the shell (`PauseStore`) record them.
    public func backoffs() -> [String: Date] {
        (try? pool?.read(Self.backoffs(in:))) ?? [:]
    }

    private static func backoffs(in db: Database) throws -> [String: Date] {
        var found: [String: Date] = [:]
        for (name, until) in try WatchTableRows.deadlines(in: db, prefixes: [backoffPrefix]) {
            found[String(name.dropFirst(backoffPrefix.count))] = until
        }
        return found
    }

    public func recordBackoff(methodKey: String, until: Date) {
        change { try WatchTableRows.recordDeadline(in: $0, name: Self.backoffPrefix + methodKey, until: until) }
    }

    private static let backoffPrefix = "backoff "

    public func addNew(_ items: [WatchedItem]) {
        guard let pool, !items.isEmpty else { return }
        // Lost items would only be shown again at the next poll; the poll itself must not fail for them.
        try? pool.write { db in
            for item in items {
                try db.execute(
                    sql: """
                        INSERT INTO watch_item (site, kind, item_id, question_id, title, link, created_at, watch)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                        """,
                    arguments: [item.site, item.kind.rawValue, item.id, item.questionID, item.title, item.link,
                                item.createdAt.timeIntervalSince1970, item.watch])
            }
        }
    }

    public func unseenItems() -> [WatchedItem] {
        (try? pool?.read(Self.unseenItems(in:))) ?? []
    }

    private static func unseenItems(in db: Database) throws -> [WatchedItem] {
        try Row.fetchAll(db, sql: "SELECT * FROM watch_item WHERE seen = 0 ORDER BY created_at, site, kind, item_id").compactMap { row in
            guard let kind = WatchedItem.Kind(rawValue: row["kind"]) else { return nil }
            return WatchedItem(
                site: row["site"], kind: kind, id: row["item_id"], questionID: row["question_id"], title: row["title"],
                link: row["link"], createdAt: Date(timeIntervalSince1970: row["created_at"]), watch: row["watch"])
        }
    }

    public func markSeen(_ items: [WatchedItem]) {
        guard let pool, !items.isEmpty else { return }
        try? pool.write { db in
            for item in items {
                try db.execute(
                    sql: "UPDATE watch_item SET seen = 1 WHERE site = ? AND kind = ? AND item_id = ?",
                    arguments: [item.site, item.kind.rawValue, item.id])
            }
        }
    }

    public func listLooks() -> [String: Date] {
        (try? pool?.read(Self.listLooks(in:))) ?? [:]
    }

    private static func listLooks(in db: Database) throws -> [String: Date] {
        var looks: [String: Date] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT list, looked_at FROM list_look") {
            looks[row["list"]] = Date(timeIntervalSince1970: row["looked_at"])
        }
        return looks
    }

    /// How many lists' looks are kept: the oldest beyond it are forgotten (each search typed is a list of its own).
    static let keptLooks = 500

    /// Written on the background queue, unlike the other watch writes: a look ends at quit, where another program
    /// holding the data file's lock must not hold the key (and the `saving…` frame) for the busy timeout. Quitting
    /// waits for the queue within its deadline (`UnsavedChanges.drain`).
    public func recordLook(list key: String, at date: Date) {
        let manager = personal.manager
        guard let pool = manager.database?.pool else { return }
        let operation = BlockOperation {
            // A look that cannot be written only leaves the list's rows unmarked after the next launch.
            try? pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO list_look (list, looked_at) VALUES (?, ?)
                        ON CONFLICT(list) DO UPDATE SET looked_at = max(looked_at, excluded.looked_at)
                        """,
                    arguments: [key, date.timeIntervalSince1970])
                try db.execute(
                    sql: "DELETE FROM list_look WHERE list NOT IN (SELECT list FROM list_look ORDER BY looked_at DESC LIMIT ?)",
                    arguments: [Self.keptLooks])
            }
        }
        manager.queues.enqueue(operation, lane: .background)
    }

    @MainActor
    public func inBackground(_ change: @escaping @Sendable (any WatchKeeping) -> Void, completion: @escaping @MainActor @Sendable () -> Void) {
        enqueue(change, completion: completion)
    }

    /// Enqueues `change` after the write enqueued before it; returns its operation (for the tests of the order).
    @discardableResult
    func enqueue(_ change: @escaping @Sendable (any WatchKeeping) -> Void, completion: @escaping @MainActor @Sendable () -> Void) -> Operation {
        let operation = BlockOperation { [self] in
            change(self)
            DispatchQueue.main.async { MainActor.assumeIsolated { completion() } }
        }
        lastWrite.withLock { last in
            if let last { operation.addDependency(last) }
            last = operation
        }
        personal.manager.queues.enqueue(operation, lane: .background)
        return operation
    }

    private func write(_ sql: String, _ arguments: StatementArguments) {
        change { try $0.execute(sql: sql, arguments: arguments) }
    }

    private func change(_ update: (Database) throws -> Void) {
        // A watch that cannot be written is asked again at the next poll; nothing is lost for it.
        try? pool?.write { db in try update(db) }
    }
}
