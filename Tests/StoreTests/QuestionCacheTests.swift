import Foundation
import GRDB
import StackExchange
import StorePorts
@testable import Store
import Testing

/// The cache: pages and details round-trip, keys ignore the port, pruning is least recently used first.
struct QuestionCacheTests {
    let query = QuestionsQuery(site: "unix", tags: ["bash"], sort: .votes)

    @Test func aPageRoundTripsWithItsQuestionsInOrder() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        let items = StoreFixtures.questions(30, bodyBytes: 200).reversed()
        cache.write(Page(items: Array(items), hasMore: true), key: CacheKey(host: "127.0.0.1", query: query, page: 2), at: StoreFixtures.date)
        let cached = try #require(cache.page(CacheKey(host: "127.0.0.1", query: query, page: 2)))
        #expect(cached.value.items == Array(items))
        #expect(cached.value.hasMore)
        #expect(cached.fetchedAt == StoreFixtures.date)
        #expect(cache.page(CacheKey(host: "127.0.0.1", query: query, page: 1)) == nil)
        var other = query
        other.sort = .activity
        #expect(cache.page(CacheKey(host: "127.0.0.1", query: other, page: 2)) == nil, "another sort is another entry")
        #expect(cache.page(CacheKey(host: "api.stackexchange.com", query: query, page: 2)) == nil, "another host too")
    }

    @Test func theKeyLeavesOutThePortButKeepsTheRest() {
        let a = CacheKey(host: "127.0.0.1", query: query, page: 1)
        #expect(a == CacheKey(host: "127.0.0.1", query: QuestionsQuery(site: "unix", tags: ["BASH"], sort: .votes), page: 1))
        #expect(a != CacheKey(host: "127.0.0.1", query: QuestionsQuery(site: "unix", tags: ["bash"], sort: .votes, searchText: "x"), page: 1))
        #expect(a != CacheKey(host: "127.0.0.1", query: QuestionsQuery(site: "unix", tags: ["bash"], sort: .votes, pageSize: 50), page: 1))
    }

    @Test func aDetailRoundTripsAndSavesInTheBackground() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        let detail = StoredDetailFixture.make()
        cache.save(detail, host: "localhost", site: "unix")
        store.drain()
        let cached = try #require(cache.detail(host: "LOCALHOST", site: "unix", questionID: detail.question.questionID))
        #expect(cached.value.question == detail.question)
        #expect(cached.value.answers == detail.answers)
        #expect(cache.detail(host: "localhost", site: "superuser", questionID: detail.question.questionID) == nil)
    }

    /// A question with more answers than its first page keeps that knowledge in the store: reopened from it,
    /// the answers past the first hundred are still reachable.
    @Test func aDetailKeepsWhetherMoreAnswersExist() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        var detail = StoredDetailFixture.make()
        detail.answersHaveMore = true
        detail.answerPagesLoaded = 1
        cache.save(detail, host: "localhost", site: "unix")
        var complete = StoredDetailFixture.make()
        complete.question.questionID += 1
        complete.answersHaveMore = false
        cache.save(complete, host: "localhost", site: "unix")
        store.drain()
        let cached = try #require(cache.detail(host: "localhost", site: "unix", questionID: detail.question.questionID))
        #expect(cached.value.answersHaveMore)
        #expect(cached.value.answerPagesLoaded == 1)
        let other = try #require(cache.detail(host: "localhost", site: "unix", questionID: complete.question.questionID))
        #expect(!other.value.answersHaveMore)
    }

    @Test func thePageSurvivesReopening() throws {
        let store = try TemporaryStore()
        let key = CacheKey(host: "h", query: query, page: 1)
        do {
            let cache = store.openCache()
            cache.save(Page(items: StoreFixtures.questions(5), hasMore: false), key: key)
            store.drain()
        }
        let reopened = store.openCache()
        #expect(reopened.page(key)?.value.items.count == 5)
        #expect(reopened.takeNotice() == nil)
    }

    /// Reopening a file already at this version writes nothing: no transaction, so the WAL does not grow (every launch
    /// used to commit `user_version` again, a WAL frame and its fsync before the first frame).
    @Test func reopeningAnUpToDateFileWritesNothing() throws {
        let store = try TemporaryStore()
        let url = store.paths.cacheFile
        let wal = url.path + "-wal"
        func walBytes() -> Int { ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0 }
        let first = try StoreDatabase.open(url, schema: .cache)
        #expect(try first.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == StoreSchema.cache.version)
        first.close()
        let before = walBytes()
        let second = try StoreDatabase.open(url, schema: .cache)
        #expect(walBytes() == before, "opening wrote \(walBytes() - before) bytes to the WAL")
        #expect(try second.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == StoreSchema.cache.version)
        second.close()
    }

    @Test func pruningDropsTheLeastRecentlyUsedUntilUnderTheLimit() throws {
        let store = try TemporaryStore()
        let limit = 400_000
        let cache = store.openCache(sizeLimit: limit)
        store.drain()
        for page in 1...20 {
            let items = StoreFixtures.questions(30, from: page * 100, bodyBytes: 1_000)
            cache.write(Page(items: items, hasMore: true), key: CacheKey(host: "h", query: query, page: page),
                        at: StoreFixtures.date.addingTimeInterval(Double(page)))
        }
        store.drain()
        cache.pruneNow()
        #expect(cache.access { pool in try pool.read { try Int.fetchOne($0, sql: "PRAGMA auto_vacuum") } } == 2)
        let counts = try #require(cache.counts())
        #expect(counts.questions < 600 && counts.questions > 0)
        #expect(counts.bytesOnDisk <= limit + 64 * 1024, "\(counts.bytesOnDisk) bytes on disk")
        #expect(cache.page(CacheKey(host: "h", query: query, page: 20)) != nil, "the newest page is kept")
        #expect(cache.page(CacheKey(host: "h", query: query, page: 1)) == nil, "the oldest page is gone with its questions")
    }

    @Test func finishingLeavesTheFilesWithinTheLimitWithTheWALTruncatedToOnePage() throws {
        let store = try TemporaryStore()
        let limit = 400_000
        do {
            // Written under a big limit, so nothing is pruned on the way: the file and its WAL grow past `limit`.
            let filling = store.openCache()
            for page in 1...20 {
                let items = StoreFixtures.questions(30, from: page * 100, bodyBytes: 1_000)
                filling.write(Page(items: items, hasMore: true), key: CacheKey(host: "h", query: query, page: page),
                              at: StoreFixtures.date.addingTimeInterval(Double(page)))
            }
            store.drain()
            #expect(try #require(filling.counts()).bytesOnDisk > limit * 2)
        }
        let cache = store.openCache(sizeLimit: limit)
        store.drain()
        let left = try #require(cache.finish())
        #expect(left <= limit + limit / 2, "\(left) bytes on disk")
        let wal = try? FileManager.default.attributesOfItem(atPath: store.paths.cacheFile.path + "-wal")[.size] as? NSNumber
        // The WAL's header (32 bytes) and one frame (24 bytes and a 4 KB page): see `finish()`.
        #expect((wal?.intValue ?? 0) == 32 + 24 + 4_096, "the WAL is truncated to one page")
        #expect(cache.page(CacheKey(host: "h", query: query, page: 20)) != nil, "the newest page is kept")
    }

    /// After a quit, the next launch's open writes nothing: GRDB's WAL set-up writes (and SQLite syncs) a table into
    /// an empty WAL, so `finish()` leaves one page there.
    @Test func theOpenAfterFinishingWritesNothing() throws {
        let store = try TemporaryStore()
        let wal = store.paths.cacheFile.path + "-wal"
        func walBytes() -> Int { ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? -1 }
        let cache = store.openCache()
        cache.write(Page(items: StoreFixtures.questions(5), hasMore: true), key: CacheKey(host: "h", query: query, page: 1), at: Date())
        store.drain()
        #expect(cache.finish() != nil)
        let before = walBytes()
        #expect(before > 0)
        // What the next launch does first: open the file (the process that finished is gone without closing it).
        let next = try StoreDatabase.open(store.paths.cacheFile, schema: .cache)
        defer { next.close() }
        #expect(walBytes() == before, "the open wrote \(walBytes() - before) bytes to the WAL")
        #expect(try next.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM question") } == 5)
    }

    @Test func clearingEmptiesTheCache() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        cache.write(Page(items: StoreFixtures.questions(5), hasMore: true), key: CacheKey(host: "h", query: query, page: 1), at: Date())
        #expect(cache.clear())
        #expect(cache.counts() == CacheCounts(pages: 0, questions: 0, details: 0, bytesOnDisk: cache.counts()?.bytesOnDisk ?? 0))
        #expect(cache.page(CacheKey(host: "h", query: query, page: 1)) == nil)
    }
}

enum StoredDetailFixture {
    static func make() -> QuestionDetail { StoreFixtures.detail(42) }
}

/// Issue 26: the cache keeps lists by site and query, not by the API host, and a file from before keeps its entries.
struct SharedHostMigrationTests {
    let query = QuestionsQuery(site: "unix", tags: ["bash"], sort: .votes)

    @Test func whatAnyAPIBaseCachedIsFoundUnderTheSharedHost() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        let items = StoreFixtures.questions(3)
        cache.write(Page(items: items, hasMore: true), key: CacheKey(query: query, page: 1), at: StoreFixtures.date)
        #expect(CacheKey(query: query, page: 1).host == CacheKey.sharedHost)
        #expect(cache.page(CacheKey(query: query, page: 1))?.value.items == items)
        #expect(!CacheKey(query: query, page: 1).text.contains("127.0.0.1"))
    }

    @Test func aVersionThreeFileOfTwoHostsBecomesOneKeepingTheNewest() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.paths.cacheDirectory, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: store.paths.cacheFile.path)
        try StoreSchema.cache.migrator.migrate(pool, upTo: "v3 full-text index")
        let old = StoreFixtures.questions(2)
        var newer = old
        newer[0].title = "Newer aardvark title"
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try pool.write { db in
            // The demo's replica (127.0.0.1) cached page 1 yesterday; the real API the same question an hour ago.
            for (host, questions, at) in [("127.0.0.1", old, 1_000.0), ("api.stackexchange.com", newer, 2_000.0)] {
                for question in questions {
                    try db.execute(sql: "INSERT INTO question VALUES (?, 'unix', ?, ?, ?, ?)",
                                   arguments: [host, question.questionID, try encoder.encode(question), at, at])
                }
            }
            let legacy = "127.0.0.1|" + CacheKey(query: query, page: 1).text.split(separator: "|", maxSplits: 1)[1]
            try db.execute(sql: "INSERT INTO page VALUES (?, '127.0.0.1', 'unix', ?, 1, 1000, 1000)",
                           arguments: [legacy, "[\(old[0].questionID),\(old[1].questionID)]"])
            try db.execute(sql: "INSERT INTO site_list VALUES ('127.0.0.1', '[]', 1000)")
            try db.execute(sql: "PRAGMA user_version = 3")
        }
        try pool.close()
        let cache = store.openCache()
        #expect(cache.takeNotice() == nil, "an upgrade, not a rebuild")
        let page = try #require(cache.page(CacheKey(query: query, page: 1)), "the replica's page, under the shared host")
        #expect(page.value.items.map(\.questionID) == old.map(\.questionID))
        #expect(page.value.items[0].title == "Newer aardvark title", "the copy fetched last wins")
        #expect(cache.siteList(host: CacheKey.sharedHost) != nil)
        let rows = cache.access { pool in try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM question") } } ?? nil
        #expect(rows == 2, "one copy of each question")
        let hits = cache.search(SearchQuery(parsing: "aardvark"), host: CacheKey.sharedHost, site: "unix")
        #expect(hits?.map(\.questionID) == [old[0].questionID], "the index was built again from what remained")
    }
}
