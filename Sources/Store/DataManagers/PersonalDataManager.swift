import Dispatch
public import Foundation
import GRDB
public import Operations
public import StackExchange
public import StorePorts
import Synchronization

/// Read marks and bookmarks, in `$XDG_DATA_HOME/stackterm/data.sqlite`: the person's own data.
///
/// The marks are loaded into memory at open (a few thousand keys at most), so every question the UI asks is answered
/// without SQLite: the read marks and the bookmarks' keys, which is all a list row needs. A bookmark's question (with
/// its body, so it opens offline) is read from the file only when the bookmarks are listed (`bookmarkList`), once a
/// run. Each change is written by an operation on the background queue, one row per transaction, so two stackterms
/// at once never lose each other's bookmarks. A damaged file, or one from a newer stackterm, is never written over or
/// deleted: the run goes on without bookmarks and says where it is. A damaged bookmark is left in the file as it is,
/// and named when the bookmarks are listed.
public final class PersonalDataManager: PersonalDataManaging {
    /// A read mark's or bookmark's key: kept as the browser takes them, so `marks()` hands the set over without copying.
    fileprivate typealias Key = SiteQuestion

    /// A bookmark as kept in memory: its question and when it was made, once they are at hand (made this run, or read
    /// from the file when the bookmarks were listed).
    fileprivate struct BookmarkEntry {
        var listed: Listed?

        struct Listed {
            var createdAt: Date
            var question: Question
        }
    }

    /// What opening the data file came to: the file and its marks, or the error that stopped it.
    struct Opened: Sendable {
        fileprivate let outcome: Result<(database: StoreDatabase, marks: Marks), any Error>
    }

    fileprivate struct Marks {
        var read: Set<Key> = []
        var bookmarks: [Key: BookmarkEntry] = [:]
        /// How many bookmarked questions were decoded from the file (none before the bookmarks are listed).
        var questionsDecoded = 0
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
    public convenience init(paths: StorePaths, queues: QueueManager, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.init(paths: paths, queues: queues, clock: clock, opened: Self.open(path: paths.dataFilePath))
    }

    /// A manager of the file `opened` (`open(path:)`, begun early by `DataFileOpening`).
    init(paths: StorePaths, queues: QueueManager, clock: @escaping @Sendable () -> Date = { Date() }, opened: Opened) {
        file = paths.dataFile
        self.queues = queues
        self.clock = clock
        switch opened.outcome {
        case .success(let found):
            database = found.database
            unavailableReason = nil
            marksInMemory = Mutex(found.marks)
        case .failure(let problem as StoreProblem):
            database = nil
            unavailableReason = Self.describe(problem)
            marksInMemory = Mutex(Marks())
        case .failure(let error):
            database = nil
            unavailableReason = Self.describe(StoreDatabase.classify(error, path: paths.dataFilePath))
            marksInMemory = Mutex(Marks())
        }
    }

    /// Opens the data file at `path` and reads its marks, on the calling thread.
    static func open(path: String) -> Opened {
        Opened(outcome: Result {
            let database = try StoreDatabase.open(path: path, schema: .userData)
            return (database, try load(database.pool))
        })
    }

    private static func describe(_ problem: StoreProblem) -> String {
        switch problem {
        case .corrupt(let path): "bookmarks off: \(path) is damaged (left as it is)"
        case .newerSchema(let path, _, _): "bookmarks off: \(path) is from a newer stackterm (left as it is)"
        default: "bookmarks off: \(problem.message)"
        }
    }

    fileprivate static func load(_ pool: DatabasePool) throws -> Marks {
        // Cursors read by column position: each row's values are taken straight from the statement. (`fetchAll` copied
        // every row, and a column read by name is looked up by name again for each row: 7,400 instructions a mark,
        // 3 ms of the warm launch's way to the first frame with 1,000 read marks and 100 bookmarks.) On the writer's
        // connection, as the integrity check before it (`StoreDatabase.read(_:onTheWriter:_:)`).
        try StoreDatabase.read(pool, onTheWriter: true) { db in
            var marks = Marks()
            // Sized once: grown a mark at a time, the set was rehashed at every doubling (a third of the load's work).
            marks.read.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM read_mark") ?? 0)
            let reads = try Row.fetchCursor(db, sql: "SELECT site, question_id FROM read_mark")
            while let row = try reads.next() {
                marks.read.insert(Key(site: row[0], questionID: row[1]))
            }
            // The keys only: the questions, and when each was made, are read when the bookmarks are listed. (A row's
            // `created_at` comes after its question in the file: reading it walks the question's overflow pages.)
            let bookmarks = try Row.fetchCursor(db, sql: "SELECT site, question_id FROM bookmark")
            while let row = try bookmarks.next() {
                marks.bookmarks[Key(site: row[0], questionID: row[1])] = BookmarkEntry(listed: nil)
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
            marks.bookmarks[key] = bookmarked ? BookmarkEntry(listed: .init(createdAt: now, question: question)) : nil
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
            PersonalMarks(read: marks.read, bookmarked: Set(marks.bookmarks.keys))
        }
    }

    public func bookmarks() -> [Bookmark] { bookmarkList().bookmarks }

    /// Every bookmark, newest first: the questions not at hand yet are read from the file now (once a run), and a
    /// bookmark whose question cannot be read (a damaged entry, left as it is) is named in `problem` and left out.
    ///
    /// A bookmark another stackterm removed since this one opened the file is left out too: it is gone from disk.
    public func bookmarkList() -> BookmarkList {
        let unread = marksInMemory.withLock { marks in marks.bookmarks.filter { $0.value.listed == nil }.map(\.key) }
        var problem: String?
        if !unread.isEmpty, let database {
            do {
                let (read, damaged) = try Self.readQuestions(Set(unread), from: database.pool)
                marksInMemory.withLock { marks in
                    marks.questionsDecoded += read.count + damaged.count
                    // A bookmark removed (or made again) meanwhile keeps what this run did.
                    for (key, listed) in read where marks.bookmarks[key]?.listed == nil {
                        marks.bookmarks[key]?.listed = listed
                    }
                }
                if !damaged.isEmpty {
                    let named = damaged.sorted { ($0.site, $0.questionID) < ($1.site, $1.questionID) }
                        .map { "\($0.site) question \($0.questionID)" }.joined(separator: ", ")
                    problem = "\(damaged.count == 1 ? "a bookmark" : "\(damaged.count) bookmarks") not shown: "
                        + "\(named) damaged in \(file.path) (left as it is)"
                }
            } catch {
                let reason = StoreDatabase.classify(error, path: database.path).reasonFirst
                problem = "bookmarks from before this run not shown: \(reason)"
            }
        }
        let listed = marksInMemory.withLock { marks in
            marks.bookmarks.compactMap { key, entry in
                entry.listed.map { Bookmark(site: key.site, question: $0.question, createdAt: $0.createdAt) }
            }
        }
        return BookmarkList(bookmarks: listed.sorted {
            // The site last: one id may be bookmarked on two sites in the same second.
            ($0.createdAt, $0.question.questionID, $0.site) > ($1.createdAt, $1.question.questionID, $1.site)
        }, problem: problem)
    }

    /// The questions of the bookmarks `keys` as the file holds them, with when each was made, and the keys whose
    /// question does not decode.
    private static func readQuestions(_ keys: Set<Key>, from pool: DatabasePool) throws -> ([Key: BookmarkEntry.Listed], [Key]) {
        try pool.read { db in
            var read: [Key: BookmarkEntry.Listed] = [:]
            var damaged: [Key] = []
            let decoder = JSONDecoder()
            let rows = try Row.fetchCursor(db, sql: "SELECT site, question_id, question, created_at FROM bookmark")
            while let row = try rows.next() {
                let key = Key(site: row["site"], questionID: row["question_id"])
                guard keys.contains(key) else { continue }
                if let data = row["question"] as Data?, let question = try? decoder.decode(Question.self, from: data) {
                    read[key] = BookmarkEntry.Listed(createdAt: Date(timeIntervalSince1970: row["created_at"]), question: question)
                } else {
                    damaged.append(key)
                }
            }
            return (read, damaged)
        }
    }

    /// How many bookmarked questions this manager has decoded from the file: none until the bookmarks are listed.
    public var bookmarkQuestionsDecoded: Int {
        marksInMemory.withLock { $0.questionsDecoded }
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
                let reason = StoreDatabase.classify(error, path: database.path).reasonFirst
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

    /// Leaves the data file's WAL one page long, its changes moved into the file (`StoreDatabase.truncateWAL`): quitting
    /// calls it once the writes are done. Every read mark and bookmark is a transaction of its own, and SQLite moves
    /// the WAL into the file only once it reaches 1,000 pages (4 MB); the next launch reads the WAL whole while it
    /// opens the file, before its first frame can show the marks (BENCHMARKS.md, "The warm start on two cores").
    public func finish() {
        guard let database else { return }
        try? database.pool.writeWithoutTransaction { db in try StoreDatabase.truncateWAL(db, schema: .userData) }
    }

    /// Waits for this manager's writes (tests and quitting: it blocks).
    public func waitForWrites() {
        queues.backgroundQueue.waitUntilAllOperationsAreFinished()
    }
}
