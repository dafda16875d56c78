@testable import Browser
import Foundation
import StackExchange
import Testing

/// Opening a question, scrolling it and going back.
@MainActor
struct DetailNavigationTests {
    @Test func enterThenEscReturnsToTheSameSelection() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(6))
        h.press(.down, .down, .down)
        h.press(.enter)
        let request = try #require(h.details.requests.first)
        #expect(request.questionID == 1004)
        #expect(request.site == "stackoverflow")
        #expect(request.priority == .user)
        #expect(h.controller.frameInfo.screen == "detail")
        request.deliver(.success(Fixtures.detail(for: h.list.rows[3].question)))
        #expect(!h.controller.needsAnimation)
        h.press(.escape)
        #expect(h.controller.frameInfo.screen == "list")
        #expect(h.list.selection == 3)
        #expect(!request.handle.isCancelled, "a loaded detail has nothing to cancel")
    }

    @Test func everyBackKeyLeavesTheDetail() {
        for key in [Key.escape, .left, .character("h"), .backspace, .character("q")] {
            let h = Harness()
            h.startLoaded(Fixtures.questions(2))
            h.press(.character("l"))
            #expect(h.controller.state.detail != nil)
            h.press(key)
            #expect(h.controller.state.detail == nil, "\(key) goes back")
            #expect(!h.controller.isQuitRequested)
        }
    }

    @Test func leavingADetailBeforeItLoadsCancelsItsRequest() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.right)
        let request = try #require(h.details.requests.first)
        #expect(h.controller.needsAnimation)
        h.press(.left)
        #expect(request.handle.isCancelled)
        #expect(!h.controller.needsAnimation)
        request.deliver(.success(Fixtures.detail(for: h.list.rows[0].question)))
        #expect(h.controller.state.detail == nil, "the late detail does not reopen the screen")
        h.press(.enter)
        let second = try #require(h.details.requests.last)
        request.deliver(.success(Fixtures.detail(for: h.list.rows[0].question)))
        #expect(h.controller.state.detail?.isLoading == true, "the first request's result is stale for the second visit")
        second.deliver(.success(Fixtures.detail(for: h.list.rows[0].question)))
        #expect(h.controller.state.detail?.isLoading == false)
    }

    @Test func aDetailErrorShowsAndRRetries() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(1))
        h.press(.enter)
        h.details.requests[0].deliver(.failure(.missingData("question 1001")))
        #expect(h.controller.state.lastError == "missing data: question 1001")
        h.press(.character("r"))
        #expect(h.details.requests.count == 2)
        #expect(h.controller.state.detail?.isLoading == true)
    }

    @Test func theMovementKeysScrollTheDetail() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(1))
        h.press(.enter)
        _ = h.controller.resizeAndRender(width: 40, height: 8)
        let lines = (0..<30).map { StyledLine("line \($0)") }
        let question = h.list.rows[0].question
        h.details.requests[0].deliver(.success(Fixtures.detail(for: question)))
        h.controller.layouts.preset(
            DetailDocument(lines: lines, answerLineIndices: [], links: []), for: h.controller.state.detail!, width: 40, now: h.now)
        h.press(.down, .down)
        #expect(h.controller.state.detail?.scroll == 2)
        h.press(.end)
        #expect(h.controller.state.detail?.scroll == 24, "30 lines, 7 rows on screen, the top one the question's sticky header")
        h.press(.pageUp)
        #expect(h.controller.state.detail?.scroll == 19, "a page is the 6 rows under the sticky header, less the line kept")
        h.press(.home)
        #expect(h.controller.state.detail?.scroll == 0)
        h.press(.up)
        #expect(h.controller.state.detail?.scroll == 0)
        #expect(h.list.selection == 0, "scrolling the detail leaves the list selection alone")
    }

    @Test func openInBrowserUsesTheLinkAndShowsErrors() async throws {
        let h = Harness(opener: StubOpener(error: "no $BROWSER and no xdg-open"))
        h.startLoaded(Fixtures.questions(2))
        h.press(.down, .character("o"))
        #expect(h.opener.urls == ["https://stackoverflow.com/q/1002"])
        let deadline = Date().addingTimeInterval(5)
        while h.controller.state.lastError == nil, Date() < deadline { await Task.yield() }
        #expect(h.controller.state.lastError == "no $BROWSER and no xdg-open")
    }

    @Test func aQuestionWithoutALinkOpensTheOneMadeFromItsSiteAndID() {
        let h = Harness()
        h.startLoaded([Fixtures.variedQuestions[1]])
        h.press(.character("o"))
        #expect(h.opener.urls == ["https://stackoverflow.com/q/\(Fixtures.variedQuestions[1].questionID)"])
        #expect(h.controller.state.lastError == nil)
    }
}
