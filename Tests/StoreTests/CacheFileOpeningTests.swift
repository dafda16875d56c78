import Dispatch
import Foundation
import StackExchange
import Synchronization
import Testing
@testable import Store

/// The cache file's open begun at launch, before the cache is made (`CacheFileOpening`): the cache made next takes
/// it, for its own file only, and repairs a damaged file it found as it would have on its own.
struct CacheFileOpeningTests {
    let key = CacheKey(host: "h", query: QuestionsQuery(site: "unix"), page: 1)

    /// The environment whose XDG directories are `store`'s.
    static func environment(_ store: TemporaryStore) -> [String: String] {
        ["HOME": store.root.path, "XDG_CACHE_HOME": store.root.appendingPathComponent("cache").path]
    }

    /// A cache file holding one page, closed.
    func filledStore() throws -> TemporaryStore {
        let store = try TemporaryStore()
        let cache = store.openCache()
        cache.save(Page(items: StoreFixtures.questions(3), hasMore: false), key: key)
        store.drain()
        #expect(cache.listPage(key) != nil)
        return store
    }

    @Test func theCacheTakesTheOpenBegunForItsFile() throws {
        let store = try filledStore()
        let gate = DispatchSemaphore(value: 0)
        let begun = CacheFileOpening.begin(environment: Self.environment(store), beforeOpen: { gate.wait() })
        let opening = try #require(begun)
        #expect(opening.path == store.paths.cacheFile.path)
        let cache = QuestionCache(paths: store.paths, queues: store.queues, checkDelay: 60, fileOpening: opening)
        // The cache's reads wait for the open begun before (held), not for one of its own.
        #expect(CacheFirstOpenTests.answer(within: 0.3) { cache.listPage(key) != nil } == nil)
        gate.signal()
        #expect(CacheFirstOpenTests.answer(within: 10) { cache.listPage(key) != nil } == true)
        cache.save(Page(items: StoreFixtures.questions(1, from: 50), hasMore: true), key: key)
        store.drain()
        #expect(cache.listPage(key)?.value.items.map(\.questionID) == [50], "the file taken over is written to")
    }

    @Test func anOpenBegunForAnotherPlaceIsNotTaken() throws {
        let store = try filledStore()
        let elsewhere = try filledStore()
        let gate = DispatchSemaphore(value: 0)
        let begun = CacheFileOpening.begin(environment: Self.environment(elsewhere), beforeOpen: { gate.wait() })
        let opening = try #require(begun)
        let cache = QuestionCache(paths: store.paths, queues: store.queues, checkDelay: 60, fileOpening: opening)
        // Its own file opens and is read while the other open is still held.
        #expect(CacheFirstOpenTests.answer(within: 10) { cache.listPage(key) != nil } == true)
        // The other open ends before its directory is removed.
        gate.signal()
        _ = opening.taken
    }

    /// No file, no open begun: a cache being made holds nothing the first frame could show, and it makes its file
    /// as before.
    @Test func noOpenBeginsWhereThereIsNoFile() throws {
        let store = try TemporaryStore()
        #expect(CacheFileOpening.begin(environment: Self.environment(store)) == nil)
        #expect(!FileManager.default.fileExists(atPath: store.paths.cacheFile.path), "nothing made")
    }

    @Test func aDamagedFileFoundByTheOpenBegunBeforeIsMovedAsideAndStartedAfresh() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.paths.cacheDirectory, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8_192).write(to: store.paths.cacheFile)
        let opening = try #require(CacheFileOpening.begin(environment: Self.environment(store)))
        let cache = QuestionCache(paths: store.paths, queues: store.queues, checkDelay: 60, fileOpening: opening)
        #expect(cache.isAvailable)
        #expect(cache.takeNotice()?.contains("the cache was damaged: moved aside") == true)
        #expect(store.cacheDirectoryNames().contains { $0.hasPrefix("cache.sqlite.corrupt-") })
        cache.save(Page(items: StoreFixtures.questions(2), hasMore: false), key: key)
        store.drain()
        #expect(cache.listPage(key)?.value.items.count == 2)
    }
}
