import Foundation
import GRDB
import Operations
import StackExchange
import StorePorts
@testable import Store
import Synchronization
import Testing
import TestSupport

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

    /// The full disk at the store's port (finding 3 of issue 25): the write's own completion says it was not saved, and
    /// quitting's report names that bookmark, its site and id, and why, one line each.
    @Test(arguments: Fault.allCases) func aBookmarkThatCannotBeSavedSaysSo(fault: Fault) async throws {
        let store = try TemporaryStore()
        let personal = store.openPersonal()
        let questions = StoreFixtures.questions(4, bodyBytes: 20_000)
        let outcomes = WriteOutcomes()
        personal.setBookmarked(true, question: questions[0], site: "unix", completion: outcomes.add)
        #expect(await eventually { outcomes.all.count == 1 })
        #expect(outcomes.all == [nil], "the first one is on disk")
        #expect(personal.unsavedChanges(waitingAtMost: .seconds(15)).isEmpty)
        try fault.apply(to: try #require(personal.database).pool)

        personal.setBookmarked(true, question: questions[1], site: "unix", completion: outcomes.add)
        #expect(await eventually { outcomes.all.count == 2 })
        let notice = try #require(outcomes.all.last ?? nil, "the completion says it failed")
        #expect(notice.hasPrefix("bookmark not saved") && notice.contains(store.paths.dataFile.path), "\(notice)")
        #expect(notice.lowercased().contains(fault.words), "\(notice)")
        #expect(!notice.contains("\n"))
        #expect(personal.isBookmarked(site: "unix", questionID: questions[1].questionID), "kept for this run")

        personal.setBookmarked(true, question: questions[2], site: "unix", completion: outcomes.add)
        #expect(await eventually { outcomes.all.count == 3 })
        #expect(outcomes.all.last ?? nil != nil, "every failed write says so")
        let unsaved = personal.unsavedChanges(waitingAtMost: .seconds(15))
        #expect(unsaved.count == 2, "\(unsaved)")
        let first = try #require(unsaved.first)
        #expect(first.hasPrefix("bookmark of unix question \(questions[1].questionID) not saved:"), "\(first)")
        #expect(first.lowercased().contains(fault.words) && !first.contains("\n"), "\(first)")

        let next = store.openPersonal()
        #expect(next.unavailableReason == nil)
        #expect(next.bookmarks().map(\.question.questionID) == [questions[0].questionID], "the file is intact")
    }

    @Test func aReadMarkThatCannotBeSavedIsNamedAsOne() throws {
        let store = try TemporaryStore()
        let personal = store.openPersonal()
        try Fault.readOnlyFile.apply(to: try #require(personal.database).pool)
        personal.setRead(true, site: "unix", questionID: 7)
        let unsaved = personal.unsavedChanges(waitingAtMost: .seconds(15))
        #expect(unsaved.count == 1 && unsaved[0].hasPrefix("read mark of unix question 7 not saved"), "\(unsaved)")
        #expect(personal.isRead(site: "unix", questionID: 7))
    }

    /// A write that cannot finish by the deadline (here the queue it waits on is suspended) is named as unfinished,
    /// never taken for saved.
    @Test func aWriteStillWaitingAtTheDeadlineIsNamedAsNotSaved() throws {
        let store = try TemporaryStore()
        let personal = store.openPersonal()
        store.drain()
        store.queues.backgroundQueue.isSuspended = true
        personal.setBookmarked(true, question: StoreFixtures.questions(1)[0], site: "superuser")
        let unsaved = personal.unsavedChanges(waitingAtMost: .milliseconds(50))
        store.queues.backgroundQueue.isSuspended = false
        #expect(unsaved.count == 1, "\(unsaved)")
        #expect(unsaved.first?.hasPrefix("bookmark of superuser question") == true && unsaved.first?.contains("still waiting") == true,
                "\(unsaved)")
        store.drain()
        #expect(personal.unsavedChanges(waitingAtMost: .seconds(15)).isEmpty, "once it finished it is saved")
    }
}

/// The outcomes a write's completion reported, in order (nil: saved).
final class WriteOutcomes: Sendable {
    private let outcomes = Mutex<[String?]>([])
    var all: [String?] { outcomes.withLock { $0 } }
    var add: @MainActor @Sendable (String?) -> Void { { [self] problem in outcomes.withLock { $0.append(problem) } } }
}
