@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// Feedback for every action and the right words (issue 26, points 7, 8 and 11): what `n` brought, the end of
/// the list, the 25-page limit as stackterm's notice, counts that agree with their number, `Answer 1 of 240`
/// from the start, and the right sign-in reason for `f`.
@MainActor
struct RightWordsTests {
    @Test func nSaysWhatThePageBroughtAndTheEndOfTheListSaysSo() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(5))
        h.press(.character("n"))
        try #require(h.questions.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(5, from: 6), hasMore: false)))
        #expect(h.controller.state.notice == "page 2: 5 more")
        let requests = h.questions.requests.count
        h.press(.character("n"))
        #expect(h.controller.state.notice == BrowserModel.endOfListNotice)
        #expect(h.questions.requests.count == requests, "nothing asked")
        h.press(.end, .down)
        #expect(h.statusBar().contains("no more questions"), "Down on the last row says so too")
    }

    @Test func the26thPageIsStacktermsLimitNotAnAPIError() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(5))
        h.press(.character("n"))
        let page = try #require(h.questions.requests.last)
        page.deliver(.failure(RequestValidationError.pageNeedsKey(page.page).apiError))
        #expect(h.controller.state.lastError == nil, "not shown as an API error")
        #expect(h.controller.state.notice == BrowserModel.pageLimitNotice)
        #expect(h.statusBar(width: 120).contains("25 pages is the limit without an app key (README: keys)"))
    }

    @Test func countsAgreeWithTheirNumber() {
        var question = Fixtures.questions(1)[0]
        question.score = 1
        question.answerCount = 1
        question.viewCount = 1
        #expect(DetailLayout.summary(question, now: Fixtures.now).hasPrefix("1 vote · 1 answer · 1 view · asked"))
        question.score = 0
        question.answerCount = 2
        #expect(DetailLayout.summary(question, now: Fixtures.now).hasPrefix("0 votes · 2 answers · 1 view"))
    }

    @Test func answersCountOfAllTheQuestionsAnswersFromTheStart() {
        var question = Fixtures.questions(1)[0]
        question.answerCount = 240
        let answers = (1...3).map { Answer(answerID: 70 + $0, questionID: question.questionID, score: 10 - $0, creationDate: Fixtures.now, body: "<p>a</p>") }
        let document = DetailLayout.layout(QuestionDetail(question: question, answers: answers), width: 80, now: Fixtures.now)
        #expect(document.lines.contains { $0.text.contains("Answer 1 of 240") })
        #expect(!document.lines.contains { $0.text.contains("of 3") })
    }

    @Test func fSignedOutNamesTheFavourite() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(1))
        h.press(.enter)
        try #require(h.details.requests.last).deliver(.success(Fixtures.detail(for: Fixtures.questions(1)[0])))
        h.press(.character("f"))
        #expect(h.controller.state.notice == "sign in to favourite: stackterm login")
        h.press(.character("+"))
        #expect(h.controller.state.notice == "sign in to vote: stackterm login")
    }

    @Test func aQuestionNeitherStoredNorReachableSaysWhatCanHelp() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(1))
        h.press(.enter)
        try #require(h.details.requests.last).deliver(.failure(.refused))
        let screen = h.screen(width: 80, height: 12).joined(separator: "\n")
        #expect(screen.contains("could not load: not in the store — go online or pick another"), "\(screen)")
        #expect(screen.contains("Esc back to pick another · r once online"))
        #expect(!screen.contains("r retries"))
    }
}


/// The inbox's badge counts down as unread items are opened (issue 26, point 11).
@MainActor
struct InboxBadgeTests {
    @Test func openingAnUnreadItemCountsItRead() throws {
        let t0 = Fixtures.now
        var configuration = BrowserConfiguration(site: "stackoverflow")
        configuration.signedInAs = "bob"
        var model = BrowserModel(configuration: configuration, features: SignedInModelTests.features, now: t0)
        let start = model.handle(.start, at: t0)
        let badge = try #require(start.compactMap(\.sending).first {
            $0.request.as(BrowserRequest.Inbox.self)?.unreadOnly == true
        }?.token)
        let items = [SignedInModelTests.item(1, site: "stackoverflow", unread: true),
                     SignedInModelTests.item(2, site: "superuser", unread: true)]
        _ = model.handle(.response(badge, .inbox(.success(items))), at: t0)
        #expect(model.state.inbox.unreadCount == 2)
        let open = try #require(model.handle(.key(.character("i")), at: t0).compactMap(\.sending).first {
            $0.request.as(BrowserRequest.Inbox.self)?.unreadOnly == false
        }?.token)
        _ = model.handle(.response(open, .inbox(.success(items))), at: t0)
        _ = model.handle(.key(.enter), at: t0)
        #expect(model.state.inbox.unreadCount == 1, "✉ 2 becomes ✉ 1")
        _ = model.handle(.key(.escape), at: t0)
        _ = model.handle(.key(.enter), at: t0)
        #expect(model.state.inbox.unreadCount == 1, "an item already read does not count again")
    }
}

/// Numbered links followed from the keyboard (issue 26, point 7): the digit is the link's number.
@MainActor
struct FollowLinkTests {
    @Test func aDigitOpensItsNumberedLinkAndAMissingOneSaysSo() throws {
        let h = Harness()
        var question = Fixtures.questions(1)[0]
        question.body = "<p>See <a href=\"https://example.com/one\">one</a> and <a href=\"https://example.com/two\">two</a>.</p>"
        h.startLoaded([question])
        h.press(.enter)
        try #require(h.details.requests.last).deliver(.success(Fixtures.detail(for: question)))
        _ = h.controller.resizeAndRender(width: 80, height: 24)
        h.press(.character("2"))
        #expect(h.opener.urls == ["https://example.com/two"])
        #expect(h.controller.state.notice == "opening link [2] in the browser")
        h.press(.character("7"))
        #expect(h.opener.urls.count == 1)
        #expect(h.controller.state.notice == "no link [7]: the page has [1]–[2]")
        h.press(.character("?"))
        let help = h.screen(width: 100, height: 40).joined(separator: "\n")
        #expect(help.contains("open the numbered link [1]–[9]"), "named in help")
    }
}

/// The detail's title stays in its column when the question arrives (issue 26, point 11).
@MainActor
struct TitleShiftTests {
    @Test func theTitleDoesNotMoveWhenTheQuestionArrives() throws {
        let h = Harness()
        let question = Fixtures.questions(1)[0]
        h.startLoaded([question])
        h.press(.enter)
        let loading = h.screen(width: 80, height: 12)
        try #require(h.details.requests.last).deliver(.success(Fixtures.detail(for: question)))
        let loaded = h.screen(width: 80, height: 12)
        #expect(loading[0].hasPrefix("Question number 1") && loaded[0].hasPrefix("Question number 1"), "\(loading[0]) / \(loaded[0])")
        #expect(loading[1].prefix(10) == loaded[1].prefix(10), "the summary line too")
    }
}

/// `o` says the browser took the link (issue 26, point 7).
@MainActor
struct OpenedNoticeTests {
    @Test func oSaysTheLinkWasOpened() async {
        let h = Harness()
        h.startLoaded(Fixtures.questions(2))
        h.press(.character("o"))
        #expect(h.opener.urls == ["https://stackoverflow.com/q/1001"])
        let deadline = Date().addingTimeInterval(5)
        while h.controller.state.notice == nil, Date() < deadline { await Task.yield() }
        #expect(h.controller.state.notice == "opened in the web browser")
        #expect(h.controller.state.lastError == nil)
    }
}
