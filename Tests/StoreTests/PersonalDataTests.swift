import Foundation
import StackExchange
import StorePorts
@testable import Store
import Testing

/// Read marks and bookmarks: kept across runs, in the data file, apart from the cache.
struct PersonalDataTests {
    @Test func marksAndBookmarksLastAcrossRuns() throws {
        let store = try TemporaryStore()
        let questions = StoreFixtures.questions(3)
        do {
            let personal = store.openPersonal()
            #expect(personal.unavailableReason == nil)
            personal.setRead(true, site: "unix", questionID: 1)
            personal.setBookmarked(true, question: questions[1], site: "unix")
            personal.setBookmarked(true, question: questions[2], site: "superuser")
            #expect(personal.isRead(site: "unix", questionID: 1))
            #expect(!personal.isRead(site: "superuser", questionID: 1))
            store.drain()
        }
        let reopened = store.openPersonal()
        #expect(reopened.isRead(site: "unix", questionID: 1))
        #expect(reopened.isBookmarked(site: "unix", questionID: 2))
        #expect(reopened.bookmarks().map(\.site).sorted() == ["superuser", "unix"])
        reopened.setRead(false, site: "unix", questionID: 1)
        reopened.setBookmarked(false, question: questions[1], site: "unix")
        store.drain()
        let third = store.openPersonal()
        #expect(!third.isRead(site: "unix", questionID: 1))
        #expect(third.bookmarks().map(\.question.questionID) == [3])
    }

    /// Quitting leaves the data file's WAL one committed page long, every mark moved into the file: the next launch
    /// reads its whole WAL while opening the file, and each mark is a transaction of its own.
    @Test func finishingMovesTheMarksIntoTheFileAndLeavesTheWALOnePageLong() throws {
        let store = try TemporaryStore()
        let wal = store.paths.dataFile.path + "-wal"
        func walBytes() -> Int { ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? -1 }
        do {
            let personal = store.openPersonal()
            for id in 1...200 { personal.setRead(true, site: "unix", questionID: id) }
            store.drain()
            #expect(walBytes() > 100 * 4_096, "each mark appended to the WAL")
            personal.finish()
            // The WAL's header (32 bytes) and one frame (24 bytes and a 4 KB page).
            #expect(walBytes() == 4_152)
        }
        let reopened = store.openPersonal()
        #expect((1...200).allSatisfy { reopened.isRead(site: "unix", questionID: $0) })
    }

    /// Issue 25, finding 14: the same question id on two sites is two bookmarks and two read marks, across runs.
    @Test func theSameIDOnTwoSitesIsKeptTwice() throws {
        let store = try TemporaryStore()
        let question = StoreFixtures.questions(1)[0]
        do {
            // One clock reading for both: the same second, so only the site orders them.
            let personal = PersonalDataManager(paths: store.paths, queues: store.queues, clock: { StoreFixtures.date })
            personal.setBookmarked(true, question: question, site: "stackoverflow")
            personal.setBookmarked(true, question: question, site: "superuser")
            personal.setRead(true, site: "superuser", questionID: question.questionID)
            store.drain()
        }
        let reopened = store.openPersonal()
        #expect(reopened.bookmarks().map(\.site) == ["superuser", "stackoverflow"], "both, in a fixed order")
        #expect(reopened.isRead(site: "superuser", questionID: question.questionID))
        #expect(!reopened.isRead(site: "stackoverflow", questionID: question.questionID))
        #expect(reopened.marks().bookmarked == [SiteQuestion(site: "superuser", questionID: question.questionID),
                                               SiteQuestion(site: "stackoverflow", questionID: question.questionID)])
    }

    @Test func bookmarksAreListedNewestFirst() throws {
        let store = try TemporaryStore()
        var now = StoreFixtures.date
        let clock = NowBox()
        let personal = PersonalDataManager(paths: store.paths, queues: store.queues, clock: { clock.now })
        for question in StoreFixtures.questions(3) {
            clock.now = now
            personal.setBookmarked(true, question: question, site: "unix")
            now += 60
        }
        #expect(personal.bookmarks().map(\.question.questionID) == [3, 2, 1])
    }

    @Test func clearingTheCacheKeepsBookmarks() throws {
        let store = try TemporaryStore()
        let personal = store.openPersonal()
        personal.setBookmarked(true, question: StoreFixtures.questions(1)[0], site: "unix")
        let cache = store.openCache()
        cache.write(Page(items: StoreFixtures.questions(2), hasMore: false),
                    key: CacheKey(host: "h", query: QuestionsQuery(), page: 1), at: Date())
        store.drain()
        #expect(cache.clear())
        #expect(store.openPersonal().bookmarks().count == 1)
    }
}

/// A clock the test sets.
final class NowBox: @unchecked Sendable {
    // @unchecked Sendable: set and read on the test's own thread only.
    var now = Date()
}
