import Foundation
import GRDB
import Operations
import StackExchange
import StorePorts
@testable import Store
import Testing
import TestSupport

/// The faults the store must survive: damaged files, newer schemas and places that cannot be written.
struct StoreFaultTests {
    let key = CacheKey(host: "h", query: QuestionsQuery(site: "unix"), page: 1)

    @Test func aGarbageCacheIsMovedAsideAndAFreshOneCreated() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.paths.cacheDirectory, withIntermediateDirectories: true)
        try Data(repeating: 0xA5, count: 10_000).write(to: store.paths.cacheFile)
        let cache = store.openCache()
        #expect(cache.isAvailable)
        let notice = try #require(cache.takeNotice())
        #expect(notice.contains("damaged") && notice.contains(".corrupt-"))
        #expect(cache.takeNotice() == nil, "said once")
        #expect(store.cacheDirectoryNames().contains { $0.hasPrefix("cache.sqlite.corrupt-") })
        cache.write(Page(items: StoreFixtures.questions(2), hasMore: false), key: key, at: Date())
        #expect(cache.page(key)?.value.items.count == 2)
    }

    @Test func aTruncatedCacheIsFoundAndReplaced() throws {
        let store = try TemporaryStore()
        do {
            let cache = store.openCache()
            for page in 1...30 {
                cache.write(Page(items: StoreFixtures.questions(30, from: page * 100, bodyBytes: 2_000), hasMore: true),
                            key: CacheKey(host: "h", query: QuestionsQuery(), page: page), at: Date())
            }
            store.drain()
            _ = cache.access { pool in try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") } }
        }
        let handle = try FileHandle(forWritingTo: store.paths.cacheFile)
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size / 2)
        try handle.close()
        let cache = store.openCache()
        store.drain()
        #expect(store.cacheDirectoryNames().contains { $0.hasPrefix("cache.sqlite.corrupt-") })
        #expect(cache.takeNotice()?.contains("damaged") == true)
        #expect(cache.isAvailable)
        #expect(cache.counts()?.questions == 0)
    }

    @Test func aCacheFromANewerVersionIsRebuilt() throws {
        let store = try TemporaryStore()
        do {
            let cache = store.openCache()
            cache.write(Page(items: StoreFixtures.questions(2), hasMore: false), key: key, at: Date())
            store.drain()
        }
        try setUserVersion(99, at: store.paths.cacheFile)
        let cache = store.openCache()
        #expect(cache.isAvailable)
        #expect(cache.takeNotice()?.contains("newer") == true)
        #expect(cache.page(key) == nil)
    }

    @Test func aDataFileFromANewerVersionIsRefusedAndKept() throws {
        let store = try TemporaryStore()
        do {
            let personal = store.openPersonal()
            personal.setBookmarked(true, question: StoreFixtures.questions(1)[0], site: "unix")
            store.drain()
        }
        try setUserVersion(7, at: store.paths.dataFile)
        let personal = store.openPersonal()
        let reason = try #require(personal.unavailableReason)
        #expect(reason.contains("newer") && reason.contains(store.paths.dataFile.path))
        #expect(personal.bookmarks().isEmpty)
        personal.setBookmarked(true, question: StoreFixtures.questions(2)[1], site: "unix")
        store.drain()
        let rows = try Self.waitingQueue(store.paths.dataFile.path).read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM bookmark"), try Int.fetchOne(db, sql: "PRAGMA user_version"))
        }
        #expect(rows.0 == 1 && rows.1 == 7, "the newer file is left exactly as it was")
    }

    @Test func aDamagedDataFileIsNeverDeleted() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.paths.dataDirectory, withIntermediateDirectories: true)
        let garbage = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try garbage.write(to: store.paths.dataFile)
        let personal = store.openPersonal()
        let reason = try #require(personal.unavailableReason)
        #expect(reason.contains("damaged") && reason.contains(store.paths.dataFile.path))
        personal.setRead(true, site: "unix", questionID: 1)
        store.drain()
        #expect(try Data(contentsOf: store.paths.dataFile) == garbage)
    }

    @Test func anUnwritableCacheDirectoryTurnsTheCacheOff() throws {
        let store = try TemporaryStore()
        // A file where the directory should be: no permission bits to undo, and root cannot write past it either.
        let blocker = store.root.appendingPathComponent("cache")
        try Data("not a directory".utf8).write(to: blocker)
        let cache = store.openCache()
        #expect(!cache.isAvailable)
        let notice = try #require(cache.takeNotice())
        #expect(notice.hasPrefix("running without the cache"))
        #expect(!notice.contains("\n"))
        cache.save(Page(items: StoreFixtures.questions(2), hasMore: false), key: key)
        store.drain()
        #expect(cache.page(key) == nil)
    }

    @Test func twoOpenersOfOneDataFileLoseNoBookmark() async throws {
        let store = try TemporaryStore()
        let first = store.openPersonal()
        let second = PersonalDataManager(paths: store.paths, queues: .init())
        let questions = StoreFixtures.questions(40)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for q in questions[..<20] { first.setBookmarked(true, question: q, site: "unix") } }
            group.addTask { for q in questions[20...] { second.setBookmarked(true, question: q, site: "unix") } }
        }
        store.drain()
        // The second opener writes on queues of its own: they are waited for too (the count was read while some of
        // its writes were still queued, 1 run in 6).
        second.waitForWrites()
        #expect(first.unsavedChanges(waitingAtMost: .seconds(15)).isEmpty && second.unsavedChanges(waitingAtMost: .seconds(15)).isEmpty)
        #expect(store.openPersonal().bookmarks().count == 40)
    }

    /// A connection that waits for a lock, as the app's do: a pool let go a moment before may still be closing (its
    /// last connection checkpoints the WAL under an exclusive lock), and an immediate "database is locked" failed a
    /// loaded CI run once.
    static func waitingQueue(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    private func setUserVersion(_ version: Int, at url: URL) throws {
        let queue = try Self.waitingQueue(url.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = \(version)") }
        try queue.close()
    }
}

/// Several stackterms starting at once on fresh files: every one opens them (no "database is locked").
struct ConcurrentOpenTests {
    @Test(arguments: 0..<3) func openersStartingTogetherAllSucceed(round: Int) throws {
        let store = try TemporaryStore()
        let reasons = OpenResults()
        let paths = store.paths
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let queues = QueueManager()
            let personal = PersonalDataManager(paths: paths, queues: queues)
            let cache = QuestionCache(paths: paths, queues: queues)
            reasons.add(personal.unavailableReason ?? cache.takeNotice())
            personal.setBookmarked(true, question: StoreFixtures.questions(1, from: index + 1)[0], site: "unix")
            queues.waitUntilAllOperationsAreFinished()
        }
        #expect(reasons.all.compactMap { $0 }.isEmpty, "\(reasons.all)")
        #expect(store.openPersonal().bookmarks().count == 8)
    }
}

/// What each concurrent opener reported.
final class OpenResults: @unchecked Sendable {
    // @unchecked Sendable: `values` is only touched under `lock`.
    private let lock = NSLock()
    private var values: [String?] = []
    func add(_ value: String?) { lock.lock(); values.append(value); lock.unlock() }
    var all: [String?] { lock.lock(); defer { lock.unlock() }; return values }
}
