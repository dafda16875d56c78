import Foundation
import GRDB
import StackExchange
@testable import Store
import Testing

/// The prune and the posts' pictures: a question dropped from the cache takes its pictures with it, however
/// recently they were used; another question's pictures stay.
struct PicturePruneTests {
    let query = QuestionsQuery(site: "photo", tags: ["exposure"], sort: .votes)

    /// The addresses of the pictures kept for question `id`.
    static func pictures(of id: Int, in cache: QuestionCache) -> [String] {
        cache.access { pool in
            try pool.read { db in
                try String.fetchAll(db, sql: "SELECT url FROM picture WHERE question_id = ? ORDER BY url", arguments: [id])
            }
        } ?? []
    }

    @Test func aPrunedQuestionTakesItsPicturesWithItAndAnothersStay() throws {
        let store = try TemporaryStore()
        let limit = 400_000
        let start = StoreFixtures.date
        // The pictures are saved (and so used) last of all: on their own they would be the last to go. Filled under no
        // limit, so that nothing is pruned on the way.
        let cache = store.openCache(now: start.addingTimeInterval(10_000))
        store.drain()
        let dropped = StoreFixtures.detail(1)
        let kept = StoreFixtures.detail(2)
        cache.write(dropped, host: CacheKey.sharedHost, site: "photo", at: start.addingTimeInterval(-100))
        cache.write(kept, host: CacheKey.sharedHost, site: "photo", at: start.addingTimeInterval(5_000))
        let bytes = [UInt8](repeating: 0x5A, count: 20_000)
        for n in 1...3 { cache.savePicture(bytes, url: "https://i.sstatic.net/one\(n).png", site: "photo", questionID: 1) }
        cache.savePicture(bytes, url: "https://i.sstatic.net/two.png", site: "photo", questionID: 2)
        // Another site's question 1 is another question.
        cache.savePicture(bytes, url: "https://i.sstatic.net/other.png", site: "unix", questionID: 1)
        cache.write(StoreFixtures.detail(1), host: CacheKey.sharedHost, site: "unix", at: start.addingTimeInterval(6_000))
        for page in 1...20 {
            let items = StoreFixtures.questions(30, from: page * 100, bodyBytes: 1_000)
            cache.write(Page(items: items, hasMore: true), key: CacheKey(host: "h", query: query, page: page),
                        at: start.addingTimeInterval(Double(page)))
        }
        store.drain()
        #expect(Self.pictures(of: 1, in: cache).count == 4)

        cache.limit(to: limit)
        cache.pruneNow()

        #expect(cache.detail(host: CacheKey.sharedHost, site: "photo", questionID: 1) == nil, "the oldest question is pruned")
        #expect(cache.detail(host: CacheKey.sharedHost, site: "photo", questionID: 2) != nil)
        #expect(cache.picture(url: "https://i.sstatic.net/one1.png").map(\.count) == nil)
        #expect(Self.pictures(of: 1, in: cache) == ["https://i.sstatic.net/other.png"], "only the unix question's picture is left of question 1's")
        #expect(Self.pictures(of: 2, in: cache) == ["https://i.sstatic.net/two.png"])
        let counts = try #require(cache.counts())
        #expect(counts.bytesOnDisk <= limit + 64 * 1024, "\(counts.bytesOnDisk) bytes on disk")
    }
}
