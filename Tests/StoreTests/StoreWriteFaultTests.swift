import Foundation
import GRDB
import Operations
import StackExchange
import StorePorts
@testable import Store
import Testing

/// Writes that fail after the files opened: a full disk (SQLITE_FULL) and a read-only file (SQLITE_READONLY).
///
/// The full disk is real SQLite behaviour: `PRAGMA max_page_count` on the writing connection caps the file at
/// the pages it has, so the next write that needs a page fails exactly as on a full disk. The read-only file
/// is `PRAGMA query_only` on that connection: the tests run as root, whom `chmod 0444` does not stop, and an
/// open connection keeps writing through its descriptor after a chmod anyway.
struct StoreWriteFaultTests {
    let key = CacheKey(host: "h", query: QuestionsQuery(site: "unix"), page: 1)

    enum Fault: CaseIterable {
        case fullDisk, readOnlyFile

        /// What the one-line notice must name.
        var words: String { self == .fullDisk ? "full" : "readonly" }

        /// Makes every later write that needs room (or any write, when read-only) fail on `pool`'s writer.
        func apply(to pool: DatabasePool) throws {
            try pool.writeWithoutTransaction { db in
                switch self {
                case .fullDisk:
                    let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                    _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(pages)")
                case .readOnlyFile:
                    try db.execute(sql: "PRAGMA query_only = ON")
                }
            }
        }
    }

    @Test(arguments: Fault.allCases) func aCacheWriteThatFailsTurnsTheCacheOffWithOneNotice(fault: Fault) throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        store.drain()
        cache.write(Page(items: StoreFixtures.questions(2), hasMore: false), key: key, at: Date())
        #expect(cache.page(key)?.value.items.count == 2)
        store.drain()
        #expect(cache.takeNotice() == nil)
        #expect(cache.access { pool in try fault.apply(to: pool) } != nil)

        let second = CacheKey(host: "h", query: QuestionsQuery(site: "unix"), page: 2)
        cache.save(Page(items: StoreFixtures.questions(20, from: 100, bodyBytes: 4_000), hasMore: true), key: second)
        store.drain()
        #expect(!cache.isAvailable, "a cache that cannot be written is not written again")
        let notice = try #require(cache.takeNotice())
        #expect(notice.hasPrefix("running without the cache") && notice.contains(store.paths.cacheFile.path))
        #expect(notice.lowercased().contains(fault.words), "\(notice)")
        #expect(!notice.contains("\n"))
        for page in 3...5 {
            cache.save(Page(items: StoreFixtures.questions(5, from: page * 100), hasMore: true),
                       key: CacheKey(host: "h", query: QuestionsQuery(site: "unix"), page: page))
        }
        store.drain()
        #expect(cache.takeNotice() == nil, "said once, not on every page")
        #expect(cache.page(key) == nil, "the run goes on without the cache")

        // Nothing was damaged: the next run opens the file and finds what was written before the fault.
        let next = store.openCache()
        #expect(next.takeNotice() == nil)
        #expect(next.page(key)?.value.items.count == 2)
    }

    @Test(arguments: Fault.allCases) func aBookmarkThatCannotBeSavedSaysSo(fault: Fault) throws {
        let store = try TemporaryStore()
        let personal = store.openPersonal()
        let questions = StoreFixtures.questions(4, bodyBytes: 20_000)
        personal.setBookmarked(true, question: questions[0], site: "unix")
        store.drain()
        #expect(personal.lastWriteProblem == nil && personal.takeWriteNotice() == nil)
        try fault.apply(to: try #require(personal.database).pool)

        personal.setBookmarked(true, question: questions[1], site: "unix")
        store.drain()
        let notice = try #require(personal.takeWriteNotice())
        #expect(notice.hasPrefix("bookmark not saved") && notice.contains(store.paths.dataFile.path), "\(notice)")
        #expect(notice.lowercased().contains(fault.words), "\(notice)")
        #expect(!notice.contains("\n"))
        #expect(personal.lastWriteProblem == notice)
        #expect(personal.isBookmarked(site: "unix", questionID: questions[1].questionID), "kept for this run")

        personal.setBookmarked(true, question: questions[2], site: "unix")
        store.drain()
        #expect(personal.takeWriteNotice() == nil, "the same failure is said once")
        #expect(personal.lastWriteProblem != nil)

        let next = store.openPersonal()
        #expect(next.unavailableReason == nil)
        #expect(next.bookmarks().map(\.question.questionID) == [questions[0].questionID], "the file is intact")
    }

    @Test func aReadMarkThatCannotBeSavedIsNamedAsOne() throws {
        let store = try TemporaryStore()
        let personal = store.openPersonal()
        try Fault.readOnlyFile.apply(to: try #require(personal.database).pool)
        personal.setRead(true, site: "unix", questionID: 7)
        store.drain()
        #expect(personal.takeWriteNotice()?.hasPrefix("read mark not saved") == true)
        #expect(personal.isRead(site: "unix", questionID: 7))
    }
}
