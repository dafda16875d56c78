import Foundation
import GRDB
import StackExchange
import StorePorts
@testable import Store
import Testing

/// Opening the data file loads the bookmarks' keys (all a list row needs), not their questions: those are read when
/// the bookmarks are listed.
struct BookmarkLoadingTests {
    /// A data file with `count` bookmarks of `unix`, each with a body, made by an earlier run.
    private func storeWithBookmarks(_ count: Int) throws -> (TemporaryStore, [Question]) {
        let store = try TemporaryStore()
        let questions = StoreFixtures.questions(count, bodyBytes: 2_000)
        let clock = NowBox()
        let personal = PersonalDataManager(paths: store.paths, queues: store.queues, clock: { clock.now })
        for (index, question) in questions.enumerated() {
            clock.now = StoreFixtures.date.addingTimeInterval(Double(index))
            personal.setBookmarked(true, question: question, site: "unix")
        }
        store.drain()
        return (store, questions)
    }

    @Test func openingDecodesNoBookmarkedQuestionAndListingDecodesEachOnce() throws {
        let (store, questions) = try storeWithBookmarks(20)
        let personal = store.openPersonal()
        #expect(personal.marks().bookmarked.count == 20, "every bookmark marks its row")
        #expect(personal.isBookmarked(site: "unix", questionID: 7))
        #expect(personal.counts.bookmarks == 20)
        #expect(personal.bookmarkQuestionsDecoded == 0, "the open reads the keys only")
        let list = personal.bookmarkList()
        #expect(list.problem == nil)
        #expect(list.bookmarks.map(\.question) == questions.reversed(), "whole, bodies included, newest first")
        #expect(personal.bookmarkQuestionsDecoded == 20)
        #expect(personal.bookmarks().count == 20)
        #expect(personal.bookmarkQuestionsDecoded == 20, "read once a run")
    }

    @Test func aBookmarkMadeOrRemovedThisRunIsListedAsThisRunLeftIt() throws {
        let (store, questions) = try storeWithBookmarks(3)
        let personal = store.openPersonal()
        let added = StoreFixtures.questions(1, from: 50, bodyBytes: 100)[0]
        personal.setBookmarked(true, question: added, site: "superuser")
        personal.setBookmarked(false, question: questions[0], site: "unix")
        // Listed before the writes land: the removal holds and the new one is there.
        let listed = Set(personal.bookmarks().map { SiteQuestion(site: $0.site, questionID: $0.question.questionID) })
        #expect(listed == [SiteQuestion(site: "superuser", questionID: 50), SiteQuestion(site: "unix", questionID: 2),
                           SiteQuestion(site: "unix", questionID: 3)])
        #expect(personal.bookmarkQuestionsDecoded == 2, "only the two kept from before were read from the file")
        store.drain()
    }

    @Test func aDamagedBookmarkIsNamedWhenListedAndLeftInTheFile() throws {
        let (store, _) = try storeWithBookmarks(4)
        let queue = try DatabaseQueue(path: store.paths.dataFile.path)
        try queue.write { db in
            try db.execute(sql: "UPDATE bookmark SET question = ? WHERE question_id = 2", arguments: [Data("{\"title\": 3".utf8)])
        }
        try queue.close()
        let personal = store.openPersonal()
        #expect(personal.unavailableReason == nil, "one damaged bookmark does not turn the others off")
        #expect(personal.isBookmarked(site: "unix", questionID: 2), "its key is intact: its row keeps the mark")
        let list = personal.bookmarkList()
        #expect(list.bookmarks.map(\.question.questionID) == [4, 3, 1])
        let problem = try #require(list.problem)
        #expect(problem.contains("unix question 2") && problem.contains("damaged") && !problem.contains("\n"))
        store.drain()
        let kept = try DatabaseQueue(path: store.paths.dataFile.path)
        #expect(try kept.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM bookmark") } == 4, "nothing removed")
        try kept.close()
    }

    @Test func aBookmarkRemovedByAnotherStacktermIsNotListed() throws {
        let (store, _) = try storeWithBookmarks(2)
        let personal = store.openPersonal()
        let other = store.openPersonal()
        other.setBookmarked(false, question: StoreFixtures.questions(1, from: 1)[0], site: "unix")
        store.drain()
        #expect(personal.bookmarkList() == BookmarkList(bookmarks: [other.bookmarks()[0]]))
    }
}
