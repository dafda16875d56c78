import Foundation
import GRDB
import StackExchange
@testable import Store
import Testing

/// The cache's full-text index: kept in step with the cache's own writes, built for a cache that predates it.
struct CacheSearchTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func detail(id: Int, title: String, body: String, answer: String, score: Int = 1, tags: [String] = ["vim"]) -> QuestionDetail {
        let question = Question(
            questionID: id, title: title, tags: tags, score: score, answerCount: 1, creationDate: date, body: body)
        let answers = [Answer(answerID: id * 10, questionID: id, score: 2, isAccepted: true, creationDate: date, body: answer)]
        return QuestionDetail(question: question, answers: answers)
    }

    @Test func aWrittenDetailIsFoundByItsTitleBodyCodeAndAnswers() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        cache.write(Self.detail(id: 7, title: "Quoting &amp; escaping in awk", body: "<p>I tried <b>sed</b></p><pre><code>printf zebrafish</code></pre>",
                                answer: "<p>Use marmalade.</p>"), host: "LocalHost", site: "unix", at: Self.date)
        cache.write(Self.detail(id: 8, title: "Something else", body: "<p>nothing</p>", answer: "<p>no</p>"),
                    host: "localhost", site: "unix", at: Self.date)
        #expect(cache.search(SearchQuery(parsing: "escaping awk"), host: "localhost", site: "unix")?.map(\.questionID) == [7])
        #expect(cache.search(SearchQuery(parsing: "code:zebrafish"), host: "localhost", site: nil)?.map(\.questionID) == [7])
        #expect(cache.search(SearchQuery(parsing: "body:zebrafish"), host: "localhost", site: nil)?.isEmpty == true,
                "a code block is not prose")
        let answer = try #require(cache.search(SearchQuery(parsing: "marmalade"), host: "localhost", site: "unix")?.first)
        #expect(answer.kind == .answer && answer.postID == 70)
        #expect(answer.markedSnippet.contains("[marmalade]"))
        #expect(cache.search(SearchQuery(parsing: "marmalade"), host: "other.host", site: nil)?.isEmpty == true)
    }

    @Test func aRefreshReplacesTheIndexedTextAndAPageKeepsTheDetailsText() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        cache.write(Self.detail(id: 7, title: "Old title", body: "<p>aardvark</p>", answer: "<p>x</p>"), host: "h", site: "s", at: Self.date)
        cache.write(Self.detail(id: 7, title: "New title", body: "<p>bonobo</p>", answer: "<p>x</p>"), host: "h", site: "s", at: Self.date)
        #expect(cache.search(SearchQuery(parsing: "aardvark"), host: "h", site: nil)?.isEmpty == true)
        #expect(cache.search(SearchQuery(parsing: "bonobo"), host: "h", site: nil)?.map(\.questionID) == [7])
        let listed = Question(questionID: 7, title: "New title", creationDate: Self.date)
        cache.write(Page(items: [listed, Question(questionID: 9, title: "Listed capybara", creationDate: Self.date)], hasMore: false),
                    key: CacheKey(host: "h", query: QuestionsQuery(site: "s"), page: 1), at: Self.date)
        #expect(cache.search(SearchQuery(parsing: "bonobo"), host: "h", site: nil)?.map(\.questionID) == [7],
                "a list page does not write over a detail's fuller text")
        #expect(cache.search(SearchQuery(parsing: "capybara"), host: "h", site: "s")?.map(\.questionID) == [9])
    }

    @Test func thePruneTakesItsQuestionsOutOfTheIndex() throws {
        let store = try TemporaryStore()
        let cache = store.openCache(sizeLimit: 200_000)
        Self.fillWithWombats(cache, store: store)
        cache.pruneNow()
        let remaining = try #require(cache.search(SearchQuery(parsing: "filler"), host: "h", site: "s", limit: 100))
        #expect(remaining.count < 40, "the prune removed some")
        #expect(cache.search(SearchQuery(parsing: "wombat1"), host: "h", site: "s")?.isEmpty == true, "the oldest went")
        let stored = try DatabaseQueue(path: store.paths.cacheFile.path).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM detail") ?? 0
        }
        #expect(remaining.count == stored, "one question found for every detail kept")
    }

    /// Rows of the FTS5 table, of the documents, and of the documents whose text is left to purge.
    /// Questions 1…40 ("Question wombat1" …) with 10 kB bodies of filler and one answer each, used at `usedAt(id)`
    /// (by default in id order: the first is the least recently used), written and drained.
    static func fillWithWombats(
        _ cache: QuestionCache, store: TemporaryStore, usedAt: (Int) -> Date = { date.addingTimeInterval(Double($0)) }
    ) {
        let filler = String(repeating: "<p>filler words here</p>", count: 400)
        for id in 1...40 {
            cache.write(detail(id: id, title: "Question wombat\(id)", body: filler, answer: "<p>a</p>"), host: "h", site: "s",
                        at: usedAt(id))
        }
        store.drain()
    }

    static func indexCounts(_ store: TemporaryStore) throws -> (text: Int, documents: Int, pending: Int) {
        try DatabaseQueue(path: store.paths.cacheFile.path).read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM search_text") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM search_doc") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM search_purge") ?? 0)
        }
    }

    @Test func aPrunedQuestionLeavesTheSearchAtOnceAndItsTextLeavesTheIndexWithThePurge() throws {
        let store = try TemporaryStore()
        // The limit comes down once the cache is full: no prune while it fills.
        let cache = store.openCache()
        Self.fillWithWombats(cache, store: store)
        cache.limit(to: 200_000)
        cache.pruneNow(indexPurge: .byTheCaller)
        // In the prune's own transaction: gone from every search, though its text is still in the FTS5 table.
        #expect(cache.search(SearchQuery(parsing: "wombat1"), host: "h", site: "s")?.isEmpty == true, "the oldest went")
        #expect(cache.search(SearchQuery(parsing: "\"question wombat1\""), host: "h", site: "s")?.isEmpty == true)
        let remaining = try #require(cache.search(SearchQuery(parsing: "filler"), host: "h", site: "s", limit: 100))
        let pruned = try Self.indexCounts(store)
        #expect(pruned.pending > 0 && pruned.text == pruned.documents + pruned.pending, "\(pruned)")
        #expect(remaining.count * 2 == pruned.documents, "a question and its answer for each detail kept")
        let batches = cache.purgeIndexNow(batchSize: 5)
        #expect(batches > 1, "in batches")
        let purged = try Self.indexCounts(store)
        #expect(purged.text == purged.documents && purged.pending == 0, "\(purged)")
        #expect(cache.search(SearchQuery(parsing: "filler"), host: "h", site: "s", limit: 100)?.count == remaining.count)
    }

    @Test func theBackgroundPurgeEmptiesThePendingText() throws {
        let store = try TemporaryStore()
        // The limit comes down once the cache is full: no prune while it fills.
        let cache = store.openCache()
        Self.fillWithWombats(cache, store: store)
        cache.limit(to: 200_000)
        #expect(cache.pruneNow(indexPurge: .inBackground) > 0)
        store.drain()
        let purged = try Self.indexCounts(store)
        #expect(purged.text == purged.documents && purged.pending == 0, "\(purged)")
    }

    @Test func aDocumentIDGivenOutAgainBeforeThePurgeKeepsItsText() throws {
        let store = try TemporaryStore()
        // The limit comes down once the cache is full: no prune while it fills.
        let cache = store.openCache()
        // The last written (the largest document ids) are the least recently used: the prune takes them first, and
        // SQLite gives their ids to the next documents.
        Self.fillWithWombats(cache, store: store) { id in Self.date.addingTimeInterval(Double(100 - id)) }
        cache.limit(to: 200_000)
        cache.pruneNow(indexPurge: .byTheCaller)
        #expect(cache.search(SearchQuery(parsing: "wombat40"), host: "h", site: "s")?.isEmpty == true)
        cache.write(Self.detail(id: 100, title: "Fresh aardvark", body: "<p>okapi</p>", answer: "<p>a</p>"), host: "h", site: "s",
                    at: Self.date.addingTimeInterval(500))
        store.drain()
        let reused = try DatabaseQueue(path: store.paths.cacheFile.path).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM search_doc JOIN search_purge USING (doc_id)") ?? 0
        }
        #expect(reused > 0, "the new document took a pruned one's id")
        cache.purgeIndexNow()
        #expect(cache.search(SearchQuery(parsing: "aardvark okapi"), host: "h", site: "s")?.map(\.questionID) == [100])
        #expect(cache.search(SearchQuery(parsing: "wombat40"), host: "h", site: "s")?.isEmpty == true)
        let purged = try Self.indexCounts(store)
        #expect(purged.text == purged.documents && purged.pending == 0, "\(purged)")
    }

    @Test func aCacheFromBeforeTheIndexIsIndexedByTheMigration() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        cache.write(Self.detail(id: 5, title: "Narwhal question", body: "<p>b</p>", answer: "<p>c</p>"), host: "h", site: "s", at: Self.date)
        store.drain()
        // Back to version 2: the index dropped, as a cache written before it would be.
        let queue = try DatabaseQueue(path: store.paths.cacheFile.path)
        try queue.write { db in
            try db.execute(sql: "DROP TABLE search_text; DROP TABLE search_doc; PRAGMA user_version = 2")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3 full-text index'")
        }
        try queue.close()
        let reopened = store.openCache()
        #expect(reopened.search(SearchQuery(parsing: "narwhal"), host: "h", site: "s")?.map(\.questionID) == [5])
    }
}

extension CacheSearchTests {
    @Test func anUnchangedRefreshLeavesTheIndexAlone() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        let page = Page(items: [Question(questionID: 3, title: "Unchanged ocelot", score: 4, creationDate: Self.date)], hasMore: false)
        let key = CacheKey(host: "h", query: QuestionsQuery(site: "s"), page: 1)
        cache.write(page, key: key, at: Self.date)
        let documents = { cache.access { pool in try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM search_doc") } } ?? nil }
        #expect(documents() == 1)
        _ = cache.access { pool in try pool.write { try $0.execute(sql: "DELETE FROM search_doc") } }
        cache.write(page, key: key, at: Self.date.addingTimeInterval(60))
        #expect(documents() == 0, "the same question again is not indexed again")
        var changed = page
        changed.items[0].score = 5
        cache.write(changed, key: key, at: Self.date.addingTimeInterval(120))
        #expect(documents() == 1, "a changed one is")
    }
}
