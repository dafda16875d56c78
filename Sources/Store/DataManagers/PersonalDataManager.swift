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
    private let queues: QueueManager
    private let clock: @Sendable () -> Date
    private let marksInMemory: Mutex<Marks>
    private let writeProblem = Mutex<String?>(nil)
    /// Notices about failed writes not yet shown, and every one already posted (each is posted once).
    private let writeNotices = Mutex<(pending: [String], posted: Set<String>)>(([], []))

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

    /// The last write that failed, in one line (a full disk), or nil.
    public var lastWriteProblem: String? { writeProblem.withLock { $0 } }

    /// The next one-line notice about a change that could not be written (a full or read-only disk), once each.
    public func takeWriteNotice() -> String? {
        writeNotices.withLock { $0.pending.isEmpty ? nil : $0.pending.removeFirst() }
    }

    public func isRead(site: String, questionID: Int) -> Bool {
        marksInMemory.withLock { $0.read.contains(Key(site: site, questionID: questionID)) }
    }

    public func setRead(_ read: Bool, site: String, questionID: Int) {
        let key = Key(site: site, questionID: questionID)
        let changed = marksInMemory.withLock { marks in read ? marks.read.insert(key).inserted : marks.read.remove(key) != nil }
        guard changed else { return }
        let stamp = clock().timeIntervalSince1970
        write(read ? "read mark" : "unread mark") { db in
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

    public func setBookmarked(_ bookmarked: Bool, question: Question, site: String) {
        let key = Key(site: site, questionID: question.questionID)
        let now = clock()
        marksInMemory.withLock { marks in
            marks.bookmarks[key] = bookmarked ? Bookmark(site: site, question: question, createdAt: now) : nil
        }
        let json = bookmarked ? try? JSONEncoder().encode(question) : nil
        write(bookmarked ? "bookmark" : "bookmark removal") { db in
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
            ($0.createdAt, $0.question.questionID) > ($1.createdAt, $1.question.questionID)
        }
    }

    /// Counts for `--cache-info`: bookmarks and read marks in memory (as loaded plus this run's changes).
    public var counts: (bookmarks: Int, readMarks: Int) {
        marksInMemory.withLock { ($0.bookmarks.count, $0.read.count) }
    }

    /// Runs `change` in its own transaction, in an operation on the background queue.
    ///
    /// A failure (a full or read-only disk) keeps the change in memory for this run and leaves one notice
    /// naming `what` was not saved; the same failure again is not said twice.
    private func write(_ what: String, _ change: @escaping @Sendable (Database) throws -> Void) {
        guard let database else { return }
        let operation = BlockOperation { [self] in
            do {
                try database.pool.write(change)
            } catch {
                let problem = StoreDatabase.classify(error, path: database.url.path)
                let line = "\(what) not saved (this run only): \(problem.reasonFirst)"
                writeProblem.withLock { $0 = line }
                writeNotices.withLock { notices in
                    if notices.posted.insert(line).inserted { notices.pending.append(line) }
                }
            }
        }
        queues.enqueue(operation, lane: .background)
    }

    /// Waits for this manager's writes (tests and quitting: it blocks).
    public func waitForWrites() {
        queues.backgroundQueue.waitUntilAllOperationsAreFinished()
    }
}
