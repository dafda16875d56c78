@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// Issue 10 in the browser: stale-while-revalidate, instant detail, offline, read marks and bookmarks.
@MainActor
struct StoreBehaviourTests {
    @Test func theCachedFirstPageShowsAtOnceAndTheSameRequestIsSent() throws {
        let h = StoreHarness()
        h.cache(page: 1, Fixtures.questions(5), age: 300)
        h.controller.start()
        #expect(h.list.rows.map(\.questionID) == (1001...1005).map { $0 })
        #expect(h.requests.count == 1)
        #expect(h.requests.first?.priority == .user)
        #expect(h.statusLine().contains("cached 5m ago"))
        h.press(.down, .down)
        // The live page moves question 1003 to the top; the selection follows it.
        let live = [Fixtures.questions(1, from: 3)[0]] + Fixtures.questions(2) + Fixtures.questions(3, from: 4)
        try #require(h.requests.last).deliver(.success(Fixtures.page(live, hasMore: true)))
        #expect(h.list.rows.map(\.questionID) == [1003, 1001, 1002, 1004, 1005, 1006])
        #expect(h.list.selectedQuestion?.questionID == 1003)
        #expect(!h.statusLine().contains("cached"))
    }

    @Test func anUnchangedAnswerDrawsTheSameRows() throws {
        let h = StoreHarness()
        h.cache(page: 1, Fixtures.questions(5), age: 60)
        h.controller.start()
        h.press(.down)
        let before = h.controller.resizeAndRender(width: 100, height: 20)
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(5), hasMore: true)))
        let after = h.controller.resizeAndRender(width: 100, height: 20)
        for row in 0..<19 { #expect(before.text(ofRow: row) == after.text(ofRow: row)) }
        #expect(h.list.selection == 1)
        #expect(h.requests.count == 1, "a live page equal to the stored one is not a page of duplicates")
    }

    @Test func aCachedNextPageShowsAtOnceAndIsReplacedByTheLiveOne() throws {
        let h = StoreHarness()
        h.controller.start()
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: true)))
        h.cache(page: 2, Fixtures.questions(3, from: 4), age: 120)
        h.press(.character("n"))
        #expect(h.list.rows.count == 6)
        #expect(h.statusLine().contains("cached 2m ago"))
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(4, from: 4), hasMore: false)))
        #expect(h.list.rows.count == 7)
        #expect(!h.list.hasMore)
    }

    @Test func offlineKeepsTheCacheAndRetriesOnlyWhenAsked() throws {
        let h = StoreHarness()
        h.cache(page: 1, Fixtures.questions(5), age: 600)
        h.controller.start()
        try #require(h.requests.last).deliver(.failure(.refused))
        #expect(h.list.rows.count == 5)
        #expect(h.controller.state.isOffline)
        #expect(h.controller.state.lastError == nil)
        let status = h.statusLine()
        #expect(status.contains("offline") && status.contains("cached 10m ago"))
        #expect(h.requests.count == 1, "no request loop")
        #expect(!h.controller.needsAnimation)
        h.press(.character("r"))
        #expect(h.requests.count == 2)
        #expect(h.list.rows.count == 5, "the cache shows again while r retries")
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(5), hasMore: true)))
        #expect(!h.controller.state.isOffline)
        #expect(!h.statusLine().contains("offline"))
    }

    @Test func aFreshCachedDetailOpensWithNoRequest() throws {
        let h = StoreHarness()
        h.cache(page: 1, Fixtures.questions(3), age: 60)
        h.controller.start()
        let question = Fixtures.questions(1)[0]
        h.details.cached.withLock { $0[question.questionID] = Cached(value: Fixtures.detail(for: question), fetchedAt: h.now - 120) }
        h.press(.enter)
        #expect(h.details.network.requests.isEmpty, "inside the freshness window nothing is sent")
        guard case .loaded = h.controller.state.detail?.phase else { Issue.record("not loaded"); return }
        #expect(h.statusLine().contains("cached 2m ago"))
    }

    @Test func aStaleCachedDetailShowsAndRevalidates() throws {
        let h = StoreHarness()
        h.cache(page: 1, Fixtures.questions(3), age: 60)
        h.controller.start()
        let question = Fixtures.questions(1)[0]
        h.details.cached.withLock { $0[question.questionID] = Cached(value: Fixtures.detail(for: question), fetchedAt: h.now - 301) }
        h.press(.enter)
        #expect(h.details.network.requests.count == 1)
        #expect(h.controller.state.detail?.isRevalidating(in: h.controller.model.ledger) == true)
        #expect(!h.controller.needsAnimation || h.list.isLoading(in: h.controller.model.ledger))
        try #require(h.details.network.requests.last).deliver(.failure(.refused))
        guard case .loaded = h.controller.state.detail?.phase else { Issue.record("the stored copy must stay"); return }
        #expect(h.statusLine().contains("offline"))
        h.press(.character("r"))
        #expect(h.details.network.requests.count == 2, "r in the detail view asks again")
        var updated = question
        updated.title = "Edited title"
        try #require(h.details.network.requests.last).deliver(.success(Fixtures.detail(for: updated)))
        guard case .loaded(let loaded) = h.controller.state.detail?.phase else { Issue.record("not loaded"); return }
        #expect(loaded.question.title == "Edited title")
        #expect(h.controller.state.detail?.cachedAt == nil)
    }

    @Test func theFreshnessWindowIsAConfigurationValue() throws {
        let h = StoreHarness(configuration: BrowserConfiguration(site: "unix", detailFreshness: 30))
        h.cache(page: 1, Fixtures.questions(3), age: 60)
        h.controller.start()
        let question = Fixtures.questions(1)[0]
        h.details.cached.withLock { $0[question.questionID] = Cached(value: Fixtures.detail(for: question), fetchedAt: h.now - 60) }
        h.press(.enter)
        #expect(h.details.network.requests.count == 1)
    }

    @Test func openingMarksReadAndMTogglesIt() throws {
        let h = StoreHarness()
        h.controller.start()
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        h.press(.enter, .escape)
        #expect(h.personal.isRead(site: "unix", questionID: 1001))
        h.press(.down)
        let frame = h.controller.resizeAndRender(width: 100, height: 20)
        let title = try #require(frame.text(ofRow: 1).range(of: "Question number 1")).lowerBound
        let column = frame.text(ofRow: 1).distance(from: frame.text(ofRow: 1).startIndex, to: title)
        #expect(frame[1, column].style.attributes.contains(.dim), "the read row is dim")
        #expect(!frame[3, column].style.attributes.contains(.dim), "an unread row is not")
        h.press(.character("m"))
        #expect(h.personal.isRead(site: "unix", questionID: 1002))
        h.press(.character("m"))
        #expect(!h.personal.isRead(site: "unix", questionID: 1002))
    }

    @Test func bTogglesABookmarkAndTheRowShowsAMark() throws {
        let h = StoreHarness()
        h.controller.start()
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        h.press(.down, .character("b"))
        #expect(h.personal.isBookmarked(site: "unix", questionID: 1002))
        #expect(h.controller.resizeAndRender(width: 100, height: 20).text(ofRow: 2).contains("* Question number 2"))
        h.press(.enter, .character("b"))
        #expect(!h.personal.isBookmarked(site: "unix", questionID: 1002), "b works from the detail view too")
    }

    @Test func theBookmarksListIsNewestFirstAcrossSitesAndNeedsNoRequest() throws {
        let h = StoreHarness()
        let questions = Fixtures.questions(3)
        h.personal.setBookmarked(true, question: questions[0], site: "superuser")
        h.personal.setBookmarked(true, question: questions[2], site: "unix")
        h.controller.start()
        try #require(h.requests.last).deliver(.failure(.refused))
        h.press(.character("B"))
        #expect(h.list.rows.map(\.questionID) == [1003, 1001])
        #expect(h.requests.count == 1)
        #expect(h.statusLine().contains("bookmarks"))
        h.press(.down, .enter)
        #expect(h.details.network.requests.last?.site == "superuser", "the detail opens on the bookmark's site")
        h.press(.escape, .escape)
        #expect(h.controller.state.bookmarks == nil)
        #expect(h.list.query.site == "unix")
    }

    @Test func storeNoticesShowOnceAtStart() {
        let h = StoreHarness(personal: StubPersonal(unavailableReason: "bookmarks off: /x/data.sqlite is damaged (left as it is)"))
        h.questions.notices.withLock { $0 = ["the cache was damaged: moved aside to cache.sqlite.corrupt-1, started a fresh one"] }
        h.controller.start()
        let notice = h.controller.state.notice ?? ""
        #expect(notice.contains("moved aside") && notice.contains("/x/data.sqlite"))
        h.requests.last?.deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        #expect(h.controller.state.notice == notice, "the page arriving does not hide it")
        h.press(.character("b"))
        #expect(h.controller.state.lastError?.contains("bookmarks off") == true)
    }

    /// The first launch: a data file still being made holds no marks, so the first frame does not wait for it; its
    /// marks, and why there are none this run, come once it is made.
    @Test func aDataFileBeingMadeIsNotWaitedForAndItsOutcomeComesOnceMade() throws {
        let personal = StubPersonal(unavailableReason: "bookmarks off: /x/data.sqlite: attempt to write a readonly database")
        personal.beingMade.withLock { $0 = true }
        personal.setRead(true, site: "unix", questionID: 1001)
        let h = StoreHarness(personal: personal)
        h.controller.start()
        #expect(personal.marksReads.withLock { $0 } == 0, "the start waited for the data file")
        #expect(h.controller.state.notice?.contains("bookmarks off") != true)
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        // The selection off the first row, whose reverse video would hide its dim style.
        h.press(.down)
        func titleIsDim() throws -> Bool {
            let frame = h.controller.resizeAndRender(width: 100, height: 20)
            let row = frame.text(ofRow: 1)
            let title = try #require(row.range(of: "Question number 1")).lowerBound
            return frame[1, row.distance(from: row.startIndex, to: title)].style.attributes.contains(.dim)
        }
        #expect(try !titleIsDim(), "no marks before the file is made")
        personal.finishMaking()
        #expect(personal.marksReads.withLock { $0 } == 1)
        #expect(try titleIsDim(), "the file's read mark shows once it is made")
        #expect(h.controller.state.notice?.contains("bookmarks off") == true, "\(h.controller.state.notice ?? "")")
        h.press(.character("b"))
        #expect(h.controller.state.lastError?.contains("bookmarks off") == true)
    }

    /// Issue 25, finding 3: the status bar never says `bookmarked` for a write the store has not confirmed.
    @Test func aBookmarkSaysBookmarkingUntilTheStoreConfirmsIt() throws {
        let h = StoreHarness()
        h.controller.start()
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        h.press(.down, .character("b"))
        #expect(h.statusLine().contains("bookmarking…"), "\(h.statusLine())")
        #expect(!h.statusLine().contains("bookmarked"))
        h.personal.confirmWrites()
        #expect(h.controller.state.notice == "bookmarked")
        h.press(.character("b"))
        #expect(h.controller.state.notice == "removing bookmark…")
        h.personal.confirmWrites()
        #expect(h.controller.state.notice == "bookmark removed")
    }

    @Test func aBookmarkThatCouldNotBeSavedSaysSoAndNeverBookmarked() throws {
        let h = StoreHarness()
        h.controller.start()
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        let locked = "bookmark not saved (this run only): locked by another program (/x/data.sqlite)"
        h.personal.failingWrites.withLock { $0 = locked }
        h.press(.down, .character("b"))
        #expect(h.statusLine().contains("bookmarking…"), "\(h.statusLine())")
        h.personal.confirmWrites()
        #expect(h.statusLine().contains("bookmark not saved"), "\(h.statusLine())")
        #expect(h.statusLine().contains("locked by another program"))
        #expect(h.controller.state.notice != "bookmarked")
        h.press(.down, .character("b"))
        h.personal.confirmWrites()
        #expect(h.controller.state.lastError == locked, "each bookmark that fails says so")
        #expect(h.controller.state.notice != "bookmarked")
    }

    @Test func aReadMarkThatCouldNotBeSavedIsSaidOncePerProblem() throws {
        let h = StoreHarness()
        h.controller.start()
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        let full = "read mark not saved (this run only): database or disk is full (/x/data.sqlite)"
        h.personal.failingReadMarks.withLock { $0 = full }
        h.press(.character("m"))
        h.personal.confirmWrites()
        #expect(h.controller.state.lastError == full)
        h.now += 60
        h.press(.character("r"))
        #expect(h.requests.count == 2)
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        #expect(h.controller.state.lastError == nil, "a fresh page took the error line")
        h.press(.down)
        h.press(.character("m"))
        h.personal.confirmWrites()
        #expect(h.controller.state.lastError == nil, "the same problem is not said again on every question read")
        h.personal.failingReadMarks.withLock { $0 = "read mark not saved (this run only): disk I/O error (/x/data.sqlite)" }
        h.press(.down, .character("m"))
        h.personal.confirmWrites()
        #expect(h.controller.state.lastError?.contains("disk I/O error") == true, "a new problem is")
    }

    @Test func quittingWithAWriteUnconfirmedSaysSaving() throws {
        let h = StoreHarness()
        h.controller.start()
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        h.press(.character("b"))
        #expect(h.personal.unconfirmedCount == 1)
        h.controller.shutdown()
        #expect(h.statusLine().contains("saving…"), "\(h.statusLine())")
    }

    @Test func quittingWithEveryWriteConfirmedSaysNothingOfSaving() throws {
        let h = StoreHarness()
        h.controller.start()
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        h.press(.character("b"))
        h.personal.confirmWrites()
        h.controller.shutdown()
        #expect(!h.statusLine().contains("saving…"), "\(h.statusLine())")
    }

    /// Issue 25, finding 14: question ids repeat across sites; a mark is kept by site and id, in memory and on screen.
    @Test func theSameIDOnTwoSitesIsTwoBookmarksAndTwoReadMarks() throws {
        let h = StoreHarness()
        var onSuperUser = Fixtures.questions(1)[0]
        onSuperUser.title = "Super User's question"
        onSuperUser.link = "https://superuser.com/questions/1001"
        var onUnix = Fixtures.questions(1)[0]
        onUnix.title = "Unix's question"
        h.personal.setBookmarked(true, question: onSuperUser, site: "superuser")
        h.personal.setBookmarked(true, question: onUnix, site: "unix")
        h.controller.start()
        try #require(h.requests.last).deliver(.failure(.refused))
        h.press(.character("B"))
        #expect(h.list.rows.map(\.plainTitle) == ["Unix's question", "Super User's question"], "both are listed")
        #expect(h.statusLine().contains("1/2"), "\(h.statusLine())")
        h.press(.down, .enter)
        #expect(h.details.network.requests.last?.site == "superuser")
        h.press(.escape)
        #expect(h.personal.isRead(site: "superuser", questionID: 1001))
        #expect(!h.personal.isRead(site: "unix", questionID: 1001), "reading one site's question leaves the other's unread")
        let frame = h.controller.resizeAndRender(width: 100, height: 20)
        let unixRow = frame.text(ofRow: 1) // under the column header
        let column = unixRow.distance(from: unixRow.startIndex, to: try #require(unixRow.range(of: "Unix's question")).lowerBound)
        #expect(!frame[1, column].style.attributes.contains(.dim), "the other site's row is not drawn read")
        h.press(.up, .character("m"))
        #expect(h.personal.isRead(site: "unix", questionID: 1001))
        h.press(.down, .character("b"))
        #expect(!h.personal.isBookmarked(site: "superuser", questionID: 1001), "b on the second row removes its own bookmark")
        #expect(h.personal.isBookmarked(site: "unix", questionID: 1001), "and leaves the other site's")
    }

    @Test func aCacheThatFilledTheDiskIsSaidOnceWhenFound() throws {
        let h = StoreHarness()
        h.controller.start()
        #expect(h.controller.state.notice == nil)
        let full = "running without the cache: database or disk is full (/x/cache.sqlite)"
        h.questions.notices.withLock { $0 = [full] }
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: true)))
        #expect(h.statusLine().contains("running without the cache"), "\(h.statusLine())")
        h.press(.down, .character("b"))
        h.personal.confirmWrites()
        #expect(h.controller.state.notice == "bookmarked")
        h.press(.down, .down)
        #expect(h.controller.state.notice?.contains("running without the cache") != true, "the notice does not come back")
    }
}
