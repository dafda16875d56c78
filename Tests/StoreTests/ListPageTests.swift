import Foundation
import GRDB
import StackExchange
import StorePorts
@testable import Store
import Testing

/// A cached page read for the list (`listPage`, the warm launch's first frame) comes from the list-row columns: no
/// question's JSON, so no body, is decoded.
struct ListPageTests {
    let key = CacheKey(query: QuestionsQuery(site: "unix"), page: 1)

    /// `question` as a list row shows it: what the row columns keep, nothing else.
    static func row(_ question: Question) -> Question {
        var row = Question(
            questionID: question.questionID, title: question.title, link: question.link, tags: question.tags,
            score: question.score, answerCount: question.answerCount, viewCount: question.viewCount,
            isAnswered: question.isAnswered, acceptedAnswerID: question.acceptedAnswerID, creationDate: question.creationDate,
            owner: question.owner?.displayName.map { ShallowUser(displayName: $0) })
        row.upvoted = question.upvoted
        row.downvoted = question.downvoted
        row.favorited = question.favorited
        return row
    }

    /// Questions with every field a row shows set, some left out, and bodies.
    static func questions() -> [Question] {
        var questions = StoreFixtures.questions(4, bodyBytes: 3_000)
        questions[0].acceptedAnswerID = 77
        questions[0].upvoted = true
        questions[0].favorited = false
        questions[1].tags = []
        questions[1].link = nil
        questions[2].owner = ShallowUser(userType: "does_not_exist")
        questions[3].creationDate = Date(timeIntervalSince1970: 1_234_567_890.25)
        questions[3].bodyMarkdown = "body"
        return questions
    }

    /// Makes every stored question's JSON undecodable: a read that decodes any of it fails.
    private func spoilJSON(_ cache: QuestionCache) throws {
        _ = try #require(cache.access { pool in try pool.write { try $0.execute(sql: "UPDATE question SET json = X'7B00'") } })
    }

    @Test func theListsReadDecodesNoQuestion() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        let questions = Self.questions()
        cache.write(Page(items: questions, hasMore: true), key: key, at: StoreFixtures.date)
        try spoilJSON(cache)
        let manager = CachingQuestionsDataManager(network: nil, cache: cache, host: key.host)
        let cached = try #require(manager.cachedQuestions(QuestionsQuery(site: "unix"), page: 1), "read without the JSON")
        #expect(cached.value.items == questions.map(Self.row))
        #expect(cached.value.items.allSatisfy { $0.body == nil && $0.bodyMarkdown == nil })
        #expect(cached.value.hasMore)
        #expect(cached.fetchedAt == StoreFixtures.date)
        #expect(cache.page(key) == nil, "the whole read does decode the JSON")
        store.drain()
    }

    @Test func aRefreshWritesTheRowsAgain() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        var questions = Self.questions()
        cache.write(Page(items: questions, hasMore: true), key: key, at: StoreFixtures.date)
        questions[1].title = "Retitled"
        questions[1].score = 99
        questions[1].tags = ["one", "two"]
        cache.write(Page(items: questions, hasMore: false), key: key, at: StoreFixtures.date)
        #expect(cache.listPage(key)?.value.items == questions.map(Self.row))
        store.drain()
    }

    @Test func aQuestionWithoutRowColumnsIsDecodedFromItsJSON() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        let questions = Self.questions()
        cache.write(Page(items: questions, hasMore: true), key: key, at: StoreFixtures.date)
        _ = try #require(cache.access { pool in
            try pool.write { try $0.execute(sql: "UPDATE question SET row_title = NULL WHERE id = 3") }
        })
        let items = try #require(cache.listPage(key)?.value.items)
        #expect(items.map(\.questionID) == [1, 2, 3, 4], "in the page's order")
        #expect(items[2] == questions[2], "the whole question, from its JSON")
        #expect(Array(items[0...1]) == questions[0...1].map(Self.row))
        store.drain()
    }

    @Test func aVersionSixCacheGetsTheRowColumnsFromItsJSON() throws {
        let store = try TemporaryStore()
        let questions = Self.questions()
        // A cache file as the build before the list rows left it: the migrations to v6, a page of questions as JSON.
        try FileManager.default.createDirectory(at: store.paths.cacheDirectory, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: store.paths.cacheFile.path)
        try StoreSchema.cache.migrator.migrate(pool, upTo: "v6 pictures")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try pool.write { db in
            for question in questions {
                try db.execute(
                    sql: "INSERT INTO question (host, site, id, json, fetched_at, used_at) VALUES (?, 'unix', ?, ?, 1, 1)",
                    arguments: [key.host, question.questionID, try encoder.encode(question)])
            }
            try db.execute(
                sql: "INSERT INTO page VALUES (?, ?, 'unix', '[4,3,2,1]', 1, ?, 1); PRAGMA user_version = 6",
                arguments: [key.text, key.host, StoreFixtures.date.timeIntervalSince1970])
        }
        try pool.close()
        let cache = store.openCache()
        #expect(cache.takeNotice() == nil, "an upgrade, not a rebuild")
        #expect(cache.page(key)?.value.items == questions.reversed(), "the questions are kept whole")
        try spoilJSON(cache)
        #expect(cache.listPage(key)?.value.items == questions.reversed().map(Self.row), "the rows, from the columns")
        store.drain()
    }

    /// A page read ahead (the launch's first page, read while curses starts) is what the next read of it gets, as
    /// the store was when it was read; it is taken once, and another page, or the same page later, is read afresh.
    @Test func aPageReadAheadIsTakenOnceByTheNextReadOfIt() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        let first = StoreFixtures.questions(3)
        cache.write(Page(items: first, hasMore: true), key: key, at: StoreFixtures.date)
        store.drain()
        let manager = CachingQuestionsDataManager(network: nil, cache: cache, host: key.host)
        let query = QuestionsQuery(site: "unix")
        // Read through before the page changes.
        #expect(manager.startReadingAhead(query, page: 1).value?.value.items.map(\.questionID) == first.map(\.questionID))
        let second = StoreFixtures.questions(2, from: 100)
        cache.write(Page(items: second, hasMore: false), key: key, at: StoreFixtures.date)
        store.drain()
        #expect(manager.cachedQuestions(query, page: 2) == nil, "another page is read, not taken from the one ahead")
        let ahead = try #require(manager.cachedQuestions(query, page: 1))
        #expect(ahead.value.items.map(\.questionID) == first.map(\.questionID), "the copy read ahead")
        let again = try #require(manager.cachedQuestions(query, page: 1), "read afresh once the copy is taken")
        #expect(again.value.items.map(\.questionID) == second.map(\.questionID))
    }
}

/// The page's ids, taken apart by SQLite as the page is read (`json_each`, `QuestionCache.cachedPage`): in their order,
/// an empty page as empty, and a spoilt list of ids as no page at all.
struct ListPageIDsTests {
    let key = CacheKey(host: "h", query: QuestionsQuery(site: "unix"), page: 1)

    @Test func theRowsComeInThePagesOrderNotTheFilesOrder() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        // Written in an order unlike their ids' and the table's.
        let questions = [StoreFixtures.questions(1, from: 30), StoreFixtures.questions(1, from: 10), StoreFixtures.questions(1, from: 20)]
            .flatMap { $0 }
        cache.write(Page(items: questions, hasMore: false), key: key, at: StoreFixtures.date)
        let page = try #require(cache.listPage(key))
        #expect(page.value.items.map(\.questionID) == [30, 10, 20])
        #expect(!page.value.hasMore)
        #expect(page.fetchedAt == StoreFixtures.date)
        store.drain()
    }

    @Test func anEmptyPageIsReadAsEmpty() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        cache.write(Page(items: [], hasMore: true), key: key, at: StoreFixtures.date)
        let page = try #require(cache.listPage(key), "a page of no questions is a page")
        #expect(page.value.items.isEmpty)
        #expect(page.value.hasMore)
        #expect(page.fetchedAt == StoreFixtures.date)
        store.drain()
    }

    @Test func aSpoiltListOfIDsIsNoPage() throws {
        for spoilt in ["[1,", "{\"a\":1}", "[1,null]", "not json"] {
            let store = try TemporaryStore()
            let cache = store.openCache()
            cache.write(Page(items: StoreFixtures.questions(2, from: 1), hasMore: true), key: key, at: StoreFixtures.date)
            _ = try #require(cache.access { pool in
                try pool.write { try $0.execute(sql: "UPDATE page SET question_ids = ?", arguments: [spoilt]) }
            })
            #expect(cache.listPage(key) == nil, "ids \(spoilt)")
            store.drain()
        }
    }
}

/// The launch's read of its first page on the writer's connection (`listPage(_:onTheWriter:)`): the same page as a
/// reader's read, and a failed read leaves the writer free for the writes after it.
struct ListPageOnTheWriterTests {
    let key = CacheKey(host: "h", query: QuestionsQuery(site: "unix"), page: 1)

    @Test func theWritersReadIsTheReadersRead() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        cache.write(Page(items: StoreFixtures.questions(5, from: 40), hasMore: true), key: key, at: StoreFixtures.date)
        let onTheWriter = try #require(cache.listPage(key, onTheWriter: true))
        #expect(onTheWriter.value.items.map(\.questionID) == [40, 41, 42, 43, 44])
        #expect(onTheWriter.value.items == cache.listPage(key)?.value.items)
        #expect(onTheWriter.fetchedAt == StoreFixtures.date)
        #expect(cache.listPage(CacheKey(host: "h", query: QuestionsQuery(site: "unix"), page: 2), onTheWriter: true) == nil)
        store.drain()
    }

    @Test func aFailedReadOnTheWriterLeavesNoTransactionOpen() throws {
        let store = try TemporaryStore()
        let cache = store.openCache()
        cache.write(Page(items: StoreFixtures.questions(2, from: 1), hasMore: true), key: key, at: StoreFixtures.date)
        _ = try #require(cache.access { pool in try pool.write { try $0.execute(sql: "UPDATE page SET question_ids = '[1,'") } })
        #expect(cache.listPage(key, onTheWriter: true) == nil)
        // The writer takes the next write, and its read sees it.
        cache.write(Page(items: StoreFixtures.questions(3, from: 7), hasMore: false), key: key, at: StoreFixtures.date)
        store.drain()
        #expect(cache.listPage(key, onTheWriter: true)?.value.items.map(\.questionID) == [7, 8, 9])
        #expect(try #require(cache.access { pool in try pool.writeWithoutTransaction { $0.isInsideTransaction } }) == false)
    }
}
