import Dispatch
public import Foundation
import GRDB
public import Operations
public import StackExchange
public import StorePorts
import Synchronization

/// Read marks and bookmarks, in `$XDG_DATA_HOME/stackterm/data.sqlite`: the person's own data.
///
/// Everything is loaded into memory at open (a few thousand rows at most), so every question the UI asks
/// is answered without SQLite; each change is written by an operation on the background queue, one row per
/// transaction, so two stackterms at once never lose each other's bookmarks. A damaged file, or one from a
/// newer stackterm, is never written over or deleted: the run goes on without bookmarks and says where it is.
public final class PersonalDataManager: PersonalDataManaging {
    private struct Key: Hashable {
        var site: String
        var questionID: Int
    }

    private struct Marks {
        var read: Set<Key> = []
        var bookmarks: [Key: Bookmark] = [:]
    }

    public let file: URL
    public let unavailableReason: String?
    let database: StoreDatabase?
    let queues: QueueManager
    private let clock: @Sendable () -> Date
    private let marksInMemory: Mutex<Marks>
    /// Every write asked for and not finished, and every one that failed: what quitting reports (`unsavedChanges`).
    private let writes = Mutex(WriteRecord())
    /// Entered for each write asked for, left when it ends: quitting waits on it with a deadline.
    private let unfinishedWrites = DispatchGroup()

    private struct WriteRecord {
        var nextID = 0
        /// What each unfinished write changes, by its number ("bookmark of superuser question 70000000").
        var unfinished: [Int: String] = [:]
        /// One line for each write that failed, in order.
        var failed: [String] = []
    }

    /// How long quitting waits for the writes: past the busy timeout, so a write waiting for another program's lock
    /// ends (saved, or failed as locked) before it is given up on.
    public static let quitDeadline: Duration = .seconds(StoreDatabase.busyTimeoutSeconds + 5)

    /// Opens the data file at `paths.dataFile` and loads the marks; on any problem, runs without them.
    public init(paths: StorePaths, queues: QueueManager, clock: @escaping @Sendable () -> Date = { Date() }) {
        file = paths.dataFile
        self.queues = queues
        self.clock = clock
        var loaded = Marks()
        var reason: String?
        var opened: StoreDatabase?
        do {
            let database = try StoreDatabase.open(paths.dataFile, schema: .userData)
            loaded = try Self.load(database.pool)
            opened = database
        } catch let problem as StoreProblem {
            reason = Self.describe(problem)
        } catch {
            reason = Self.describe(StoreDatabase.classify(error, path: paths.dataFile.path))
        }
        database = opened
        unavailableReason = reason
        marksInMemory = Mutex(loaded)
    }

    private static func describe(_ problem: StoreProblem) -> String {
        switch problem {
        case .corrupt(let path): "bookmarks off: \(path) is damaged (left as it is)"
        case .newerSchema(let path, _, _): "bookmarks off: \(path) is from a newer stackterm (left as it is)"
        default: "bookmarks off: \(problem.message)"
        }
    }

    private static func load(_ pool: DatabasePool) throws -> Marks {
        try pool.read { db in
            var marks = Marks()
            for row in try Row.fetchAll(db, sql: "SELECT site, question_id FROM read_mark") {
                marks.read.insert(Key(site: row["site"], questionID: row["question_id"]))
            }
            let decoder = JSONDecoder()
            for row in try Row.fetchAll(db, sql: "SELECT site, question_id, question, created_at FROM bookmark") {
                let data: Data = row["question"]
                guard let question = try? decoder.decode(Question.self, from: data) else { continue }
                let key = Key(site: row["site"], questionID: row["question_id"])
                marks.bookmarks[key] = Bookmark(
                    site: key.site, question: question, createdAt: Date(timeIntervalSince1970: row["created_at"]))
            }
            return marks
        }
    }

    public func isRead(site: String, questionID: Int) -> Bool {
        marksInMemory.withLock { $0.read.contains(Key(site: site, questionID: questionID)) }
    }

    public func setRead(
        _ read: Bool, site: String, questionID: Int, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        let key = Key(site: site, questionID: questionID)
        let changed = marksInMemory.withLock { marks in read ? marks.read.insert(key).inserted : marks.read.remove(key) != nil }
        guard changed else { return Self.deliver(nil, to: completion) }
        let stamp = clock().timeIntervalSince1970
        write(read ? "read mark" : "unread mark", site: site, questionID: questionID, completion: completion) { db in
            if read {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO read_mark (site, question_id, read_at) VALUES (?, ?, ?)",
                    arguments: [site, questionID, stamp])
            } else {
                try db.execute(sql: "DELETE FROM read_mark WHERE site = ? AND question_id = ?", arguments: [site, questionID])
            }
        }
    }

    public func isBookmarked(site: String, questionID: Int) -> Bool {
        marksInMemory.withLock { $0.bookmarks[Key(site: site, questionID: questionID)] != nil }
    }

    public func setBookmarked(
        _ bookmarked: Bool, question: Question, site: String, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        let key = Key(site: site, questionID: question.questionID)
        let now = clock()
        marksInMemory.withLock { marks in
            marks.bookmarks[key] = bookmarked ? Bookmark(site: site, question: question, createdAt: now) : nil
        }
        let json = bookmarked ? try? JSONEncoder().encode(question) : nil
        write(bookmarked ? "bookmark" : "bookmark removal", site: site, questionID: question.questionID, completion: completion) { db in
            if let json {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO bookmark (site, question_id, question, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [site, question.questionID, json, now.timeIntervalSince1970])
            } else {
                try db.execute(sql: "DELETE FROM bookmark WHERE site = ? AND question_id = ?", arguments: [site, question.questionID])
            }
        }
    }

    public func marks() -> PersonalMarks {
        marksInMemory.withLock { marks in
            PersonalMarks(
                read: Set(marks.read.map { SiteQuestion(site: $0.site, questionID: $0.questionID) }),
                bookmarked: Set(marks.bookmarks.keys.map { SiteQuestion(site: $0.site, questionID: $0.questionID) }))
        }
    }

    public func bookmarks() -> [Bookmark] {
        marksInMemory.withLock { Array($0.bookmarks.values) }.sorted {
            // The site last: one id may be bookmarked on two sites in the same second.
            ($0.createdAt, $0.question.questionID, $0.site) > ($1.createdAt, $1.question.questionID, $1.site)
        }
    }

    /// Counts for `--cache-info`: bookmarks and read marks in memory (as loaded plus this run's changes).
    public var counts: (bookmarks: Int, readMarks: Int) {
        marksInMemory.withLock { ($0.bookmarks.count, $0.read.count) }
    }

    /// Runs `change` in its own transaction, in an operation on the background queue, and says how it ended.
    ///
    /// A failure (a full or read-only disk, a lock another program held past the busy timeout) keeps the change in
    /// memory for this run; `completion` gets one line naming `what` was not saved and why, and quitting names it
    /// again (`unsavedChanges`). With no data file this run (the start said so) nothing is written or reported.
    private func write(
        _ what: String, site: String, questionID: Int, completion: @escaping @MainActor @Sendable (String?) -> Void,
        _ change: @escaping @Sendable (Database) throws -> Void
    ) {
        guard let database else { return Self.deliver(nil, to: completion) }
        let subject = "\(what) of \(site) question \(questionID)"
        let id = writes.withLock { record in
            record.nextID += 1
            record.unfinished[record.nextID] = subject
            return record.nextID
        }
        unfinishedWrites.enter()
        let operation = BlockOperation { [self] in
            var problem: String?
            do {
                try database.pool.write(change)
            } catch {
                let reason = StoreDatabase.classify(error, path: database.url.path).reasonFirst
                problem = "\(what) not saved (this run only): \(reason)"
                writes.withLock { $0.failed.append("\(subject) not saved: \(reason)") }
            }
            writes.withLock { _ = $0.unfinished.removeValue(forKey: id) }
            unfinishedWrites.leave()
            Self.deliver(problem, to: completion)
        }
        queues.enqueue(operation, lane: .background)
    }

    /// Calls `completion` on the main queue, where the browser lives.
    private static func deliver(_ problem: String?, to completion: @escaping @MainActor @Sendable (String?) -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { completion(problem) } }
    }

    public func unsavedChanges(waitingAtMost deadline: Duration) -> [String] {
        let (seconds, attoseconds) = deadline.components
        let finished = unfinishedWrites.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
        return writes.withLock { record in
            let waiting = finished == .success ? [] : record.unfinished.sorted { $0.key < $1.key }.map { _, subject in
                "\(subject) not saved: still waiting for \(file.path) after \(seconds) s"
            }
            return record.failed + waiting
        }
    }

    /// Waits for this manager's writes (tests and quitting: it blocks).
    public func waitForWrites() {
        queues.backgroundQueue.waitUntilAllOperationsAreFinished()
    }
}
