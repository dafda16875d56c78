import Foundation
import GRDB
import Operations
import StackExchange
import StorePorts
@testable import Store
import Synchronization
import Testing

/// The site list through the store: a list under a day old answers without a request, an older one is
/// replaced by the network's, and offline the stored list answers whatever its age. Ages use the cache's clock.
struct CachingSiteListProviderTests {
    let now = StoreFixtures.date
    let day: TimeInterval = 86_400
    let stored = [Site(apiSiteParameter: "unix", name: "Unix &amp; Linux"), Site(apiSiteParameter: "superuser", name: "Super User")]
    let fetched = [Site(apiSiteParameter: "stackoverflow", name: "Stack Overflow"), Site(apiSiteParameter: "unix", name: "Unix &amp; Linux")]

    @Test func aListUnderADayOldAnswersWithoutAskingTheNetwork() async throws {
        let store = try TemporaryStore()
        let cache = store.openCache(now: now)
        cache.write(stored, host: "127.0.0.1", at: now.addingTimeInterval(-(day - 60)))
        let network = CountingSiteList(answer: .success(fetched))
        let provider = CachingSiteListProvider(network: network, cache: cache, host: "127.0.0.1")
        #expect(try await provider.sitesNow().get() == stored)
        #expect(network.calls == 0)
    }

    @Test func aListOlderThanADayIsAskedForOnceAndReplaced() async throws {
        let store = try TemporaryStore()
        let cache = store.openCache(now: now)
        cache.write(stored, host: "127.0.0.1", at: now.addingTimeInterval(-(day + 60)))
        let network = CountingSiteList(answer: .success(fetched))
        let provider = CachingSiteListProvider(network: network, cache: cache, host: "127.0.0.1")
        #expect(try await provider.sitesNow().get() == fetched)
        #expect(network.calls == 1)
        store.drain()
        let replaced = try #require(cache.siteList(host: "127.0.0.1"))
        #expect(replaced.value == fetched)
        #expect(replaced.fetchedAt == now, "filed with the time it was fetched")
        #expect(try await provider.sitesNow().get() == fetched)
        #expect(network.calls == 1, "the list just filed is fresh")
    }

    @Test func anEmptyStoreAsksTheNetworkAndTheListSurvivesReopening() async throws {
        let store = try TemporaryStore()
        do {
            let cache = store.openCache(now: now)
            let network = CountingSiteList(answer: .success(fetched))
            let provider = CachingSiteListProvider(network: network, cache: cache, host: "LocalHost")
            #expect(try await provider.sitesNow().get() == fetched)
            #expect(network.calls == 1)
            store.drain()
        }
        let reopened = store.openCache(now: now.addingTimeInterval(3600))
        let network = CountingSiteList(answer: .success(stored))
        let provider = CachingSiteListProvider(network: network, cache: reopened, host: "localhost")
        #expect(try await provider.sitesNow().get() == fetched, "the next launch reads the stored list")
        #expect(network.calls == 0)
        #expect(reopened.siteList(host: "api.stackexchange.com") == nil, "each API host has its own list")
    }

    @Test func offlineTheStoredListAnswersWhateverItsAge() async throws {
        let store = try TemporaryStore()
        let cache = store.openCache(now: now)
        let provider = CachingSiteListProvider(network: nil, cache: cache, host: "127.0.0.1")
        guard case .failure = await provider.sitesNow() else {
            Issue.record("an empty store offline has no list to give")
            return
        }
        cache.write(stored, host: "127.0.0.1", at: now.addingTimeInterval(-30 * day))
        #expect(try await provider.sitesNow().get() == stored)
    }

    @Test func aFailedRefreshFallsBackToTheOlderList() async throws {
        let store = try TemporaryStore()
        let cache = store.openCache(now: now)
        cache.write(stored, host: "127.0.0.1", at: now.addingTimeInterval(-2 * day))
        let network = CountingSiteList(answer: .failure(.transport(URLError(.timedOut))))
        let provider = CachingSiteListProvider(network: network, cache: cache, host: "127.0.0.1")
        #expect(try await provider.sitesNow().get() == stored)
        #expect(network.calls == 1)
        store.drain()
        #expect(cache.siteList(host: "127.0.0.1")?.fetchedAt == now.addingTimeInterval(-2 * day), "nothing was refiled")
    }

    @Test func aVersionOneCacheGainsTheSiteListAndKeepsItsPages() throws {
        let store = try TemporaryStore()
        let key = CacheKey(host: "127.0.0.1", query: QuestionsQuery(site: "unix", sort: .votes), page: 1)
        // A cache file as the build before the site list left it: only the v1 migration, user_version 1, one page.
        try FileManager.default.createDirectory(at: store.paths.cacheDirectory, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: store.paths.cacheFile.path)
        try StoreSchema.cache.migrator.migrate(pool, upTo: "v1 pages, questions, details")
        try pool.write { db in
            try db.execute(
                sql: "INSERT INTO page VALUES (?, ?, ?, '[]', 1, ?, ?); PRAGMA user_version = 1",
                arguments: [key.text, key.host, key.site, now.timeIntervalSince1970, now.timeIntervalSince1970])
            #expect(try !db.tableExists("site_list"))
        }
        try pool.close()
        let cache = store.openCache(now: now)
        #expect(cache.takeNotice() == nil, "an upgrade, not a rebuild")
        let shared = CacheKey(query: QuestionsQuery(site: "unix", sort: .votes), page: 1)
        #expect(cache.page(shared)?.value.hasMore == true, "the v1 page is still there, under the shared host since v4")
        #expect(cache.page(key) == nil)
        #expect(cache.siteList(host: "127.0.0.1") == nil)
        cache.write(stored, host: "127.0.0.1", at: now)
        #expect(cache.siteList(host: "127.0.0.1")?.value == stored)
    }
}

/// A network site list that counts its calls and answers each at once with `answer`.
private final class CountingSiteList: SiteListProviding {
    let answer: Result<[Site], APIError>
    private let count = Mutex(0)

    init(answer: Result<[Site], APIError>) { self.answer = answer }

    var calls: Int { count.withLock { $0 } }

    func sites(
        priority: RequestPriority, completion: @escaping @MainActor @Sendable (Result<[Site], APIError>) -> Void
    ) -> any Cancellable {
        count.withLock { $0 += 1 }
        let delivery = PendingDelivery<[Site]>(completion)
        delivery.deliver(answer)
        return delivery
    }
}

extension SiteListProviding {
    /// Asks for the list and waits for the completion.
    func sitesNow() async -> Result<[Site], APIError> {
        await withCheckedContinuation { continuation in
            sites(priority: .user) { continuation.resume(returning: $0) }
        }
    }
}
