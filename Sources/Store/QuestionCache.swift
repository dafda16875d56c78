public import Foundation
import GRDB
public import Operations
public import StackExchange
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The disposable cache of pages and question details, in `$XDG_CACHE_HOME/stackterm/cache.sqlite`.
///
/// Reads are synchronous and small (one page row and its questions by primary key); every write is an
/// operation on the background queue of the networking layer's `QueueManager`, never on the main queue.
/// A damaged file is moved aside as `cache.sqlite.corrupt-<timestamp>` and a fresh one created, whether
/// the damage shows at open, in the background integrity check, or in a later read or write; an
/// unusable place (read-only, full, a file in the way) leaves the cache off for the run, whether found at
/// open or by a later write. Each of these leaves one notice for the status bar.
public final class QuestionCache: Sendable {
    public let file: URL
    /// The size the prune keeps the file under, in bytes (`limit(to:)` changes it, once the config is read).
    public var sizeLimit: Int { limit.withLock { $0 } }
    private let limit: Mutex<Int>
    let queues: QueueManager
    let clock: @Sendable () -> Date
    private let database: Mutex<StoreDatabase?>
    private let notices = Mutex<[String]>([])
    /// Writes since the last size check; the prune runs when the file may have grown past the limit.
    private let writesSinceCheck = Mutex(0)
    private let indexing = Mutex(true)
    /// The background purge of pruned documents' text (`QuestionCache+IndexPurge`).
    let purgeRun = Mutex(PurgeRun())

    /// Whether writes keep the full-text index in step (always, but for the benchmark's baseline: what the index
    /// costs each store write).
    public var indexesWrites: Bool {
        get { indexing.withLock { $0 } }
        set { indexing.withLock { $0 = newValue } }
    }

    /// The default size limit: 100 MB.
    public static let defaultSizeLimit = 100 * 1024 * 1024

    /// Opens the cache at `paths.cacheFile` in the background (repairing or turning it off as needed), then checks
    /// its integrity and prunes it there.
    ///
    /// `checkDelay` (seconds) holds the integrity check and the prune back: the app passes a few seconds, so that
    /// reading the whole file never competes with the first page on a small machine; 0 queues them at once.
    public convenience init(
        paths: StorePaths, queues: QueueManager, sizeLimit: Int = QuestionCache.defaultSizeLimit,
        clock: @escaping @Sendable () -> Date = { Date() }, checkDelay: Double = 0
    ) {
        self.init(paths: paths, queues: queues, sizeLimit: sizeLimit, clock: clock, checkDelay: checkDelay, beforeOpen: nil)
    }

    /// As the `init` above, taking the file's open `fileOpening` began (at launch, before the queues existed) when it
    /// opens the same file.
    public convenience init(paths: StorePaths, queues: QueueManager, checkDelay: Double, fileOpening: CacheFileOpening) {
        self.init(paths: paths, queues: queues, checkDelay: checkDelay, beforeOpen: nil, fileOpening: fileOpening)
    }

    /// As the public `init`; `beforeOpen` runs on the opening thread before the file is opened (tests hold the open
    /// there).
    init(
        paths: StorePaths, queues: QueueManager, sizeLimit: Int = QuestionCache.defaultSizeLimit,
        clock: @escaping @Sendable () -> Date = { Date() }, checkDelay: Double = 0, beforeOpen: (@Sendable () -> Void)?,
        fileOpening: CacheFileOpening? = nil
    ) {
        file = paths.cacheFile
        limit = Mutex(sizeLimit)
        self.queues = queues
        self.clock = clock
        database = Mutex(nil)
        // The open begun before, when it is this file's: its outcome is taken on the opening thread below.
        let begun = fileOpening.flatMap { $0.path == paths.cacheFilePath ? $0 : nil }
        // An open is begun only for a file that was there.
        startedEmpty = begun == nil && Glibc.access(paths.cacheFilePath, F_OK) != 0
        // The file opens on another thread, not the caller's: at launch the first request goes out while SQLite
        // opens and migrates. Every use of the database waits for the open (`current`). Not an operation
        // on the queues: quitting cancels those, and an open that never ran would leave every waiter waiting. A
        // thread of its own, not a global queue's worker, which would wait for a free place (`LaunchThread`).
        opening.enter()
        LaunchThread.start { [self] in
            beforeOpen?()
            let opened = openRepairing(begun: begun?.taken)
            database.withLock { $0 = opened }
            opening.leave()
        }
        // A reader's connection, for the reads after the first frame (the launch's first page is read on the writer's:
        // `listPage(_:onTheWriter:)`), opens on the background lane, held until that frame is out (`QueueManager.hold`):
        // opened before it, its set-up and read of the schema took 0.8 M instructions from the store's other threads.
        background { cache in _ = cache.access { pool in try pool.read { _ in } } }
        if checkDelay > 0 {
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + checkDelay) { [self] in
                background { cache in cache.checkAndPrune() }
            }
        } else {
            background { cache in cache.checkAndPrune() }
        }
    }

    /// Sets the size the prune keeps the file under: a cache opened before the config was read learns it here.
    public func limit(to bytes: Int) {
        limit.withLock { $0 = bytes }
    }

    /// Left once the open has finished, whatever its outcome.
    private let opening = DispatchGroup()

    /// The open database, once the open has finished; nil when the cache is off.
    private var current: StoreDatabase? {
        opening.wait()
        return database.withLock { $0 }
    }

    /// Whether there was no file when the open began: the first launch, or the cache removed since.
    private let startedEmpty: Bool

    /// True while a cache that started without a file is still being made: it holds nothing (every write waits for
    /// the open), so a read can answer "not cached" at once rather than wait for SQLite to create the file, which
    /// the first launch's first request would otherwise wait behind.
    var holdsNothingYet: Bool {
        startedEmpty && opening.wait(timeout: .now()) == .timedOut
    }

    /// True while the cache is in use (false after it could not be opened).
    public var isAvailable: Bool { current != nil }

    /// The next one-line notice about the cache (damaged and replaced, rebuilt, off), once each. While a cache that
    /// had no file is being made there is none yet: one its making posts is taken at the next call (the browser asks
    /// after each key and each reply), so the first launch's first frame does not wait for SQLite.
    public func takeNotice() -> String? {
        if holdsNothingYet { return nil }
        opening.wait()
        return notices.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    // MARK: Opening and repair

    /// `begun`: the outcome of an open begun before the cache was made (`CacheFileOpening`), taken for the first.
    private func openRepairing(begun: CacheFileOpening.Outcome? = nil) -> StoreDatabase? {
        do {
            if let begun { return try begun.get() }
            return try StoreDatabase.open(file, schema: .cache)
        } catch .corrupt {
            return replaceDamaged()
        } catch .newerSchema {
            // The cache is disposable: rebuild it for this version rather than run without one.
            removeFiles()
            post("the cache was from a newer stackterm: rebuilt")
            return try? StoreDatabase.open(file, schema: .cache)
        } catch {
            post("running without the cache: \(error.message)")
            return nil
        }
    }

    /// Moves the damaged file aside and opens a fresh one.
    private func replaceDamaged() -> StoreDatabase? {
        let aside = moveAside()
        do {
            let fresh = try StoreDatabase.open(file, schema: .cache)
            post("the cache was damaged: moved aside to \(aside.lastPathComponent), started a fresh one")
            return fresh
        } catch {
            post("running without the cache: \(error.message)")
            return nil
        }
    }

    /// Renames the cache file (and its WAL and shared-memory files) to `*.corrupt-<timestamp>`.
    @discardableResult
    func moveAside() -> URL {
        let stamp = Self.stamp(clock())
        let aside = URL(fileURLWithPath: file.path + ".corrupt-\(stamp)")
        let manager = FileManager.default
        try? manager.moveItem(at: file, to: aside)
        for suffix in ["-wal", "-shm"] {
            let side = URL(fileURLWithPath: file.path + suffix)
            try? manager.moveItem(at: side, to: URL(fileURLWithPath: aside.path + suffix))
        }
        return aside
    }

    private func removeFiles() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
    }

    /// Called when a read or write met a damaged file: closes it, moves it aside and starts afresh.
    private func recoverFromDamage(_ damaged: StoreDatabase) {
        let replaced = database.withLock { current -> Bool in
            guard current === damaged else { return false }
            current = nil
            return true
        }
        guard replaced else { return }
        damaged.close()
        let fresh = replaceDamaged()
        database.withLock { $0 = fresh }
    }

    func post(_ notice: String) {
        notices.withLock { $0.append(notice) }
    }

    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    // MARK: Access

    /// Runs `body` on the open database; nil when the cache is off or the call failed (damage is repaired, and a
    /// full or read-only disk turns the cache off).
    func access<T>(_ body: (DatabasePool) throws -> T) -> T? {
        guard let current = current else { return nil }
        do {
            return try body(current.pool)
        } catch {
            if StoreDatabase.isCorruption(error) {
                recoverFromDamage(current)
            } else if StoreDatabase.isUnwritable(error) {
                turnOff(current, because: StoreDatabase.classify(error, path: file.path))
            }
            return nil
        }
    }

    /// Called when a write met a full or read-only disk after the open: closes the file and runs without the
    /// cache from then on (rather than failing on every page), with one notice.
    private func turnOff(_ failing: StoreDatabase, because problem: StoreProblem) {
        let turnedOff = database.withLock { current -> Bool in
            guard current === failing else { return false }
            current = nil
            return true
        }
        guard turnedOff else { return }
        failing.close()
        post("running without the cache: \(problem.reasonFirst)")
    }

    /// Runs `work` as an operation on the background queue.
    func background(_ work: @escaping @Sendable (QuestionCache) -> Void) {
        let operation = BlockOperation { [self] in work(self) }
        queues.enqueue(operation, lane: .background)
    }

    /// The background check after open: SQLite's quick check (a truncated file shows here), then a prune.
    func checkAndPrune() {
        guard let current = current else { return }
        do {
            try StoreDatabase.checkIntegrity(current.pool)
        } catch {
            if StoreDatabase.isCorruption(error) { recoverFromDamage(current) }
            return
        }
        _ = access { pool in try prune(pool) }
    }

    /// Counts a write, and prunes after every 20th (a size check costs two pragmas).
    func countWrite() {
        let due = writesSinceCheck.withLock { count -> Bool in
            count += 1
            if count >= 20 { count = 0; return true }
            return false
        }
        if due { _ = access { pool in try prune(pool) } }
    }
}
