@testable import Browser
import Foundation
import StackExchange
import Testing

/// `c` in the detail view: comments fetched once, when asked, shown under their posts, cancelled on leaving.
@MainActor
struct CommentsTests {
    static let question = Fixtures.questions(1)[0]
    static let detail = QuestionDetail(
        question: { var q = question; q.body = "<p>The question body.</p>"; return q }(),
        answers: [
            Answer(answerID: 501, questionID: question.questionID, score: 5, creationDate: Fixtures.now.addingTimeInterval(-600),
                   owner: ShallowUser(displayName: "answerer"), body: "<p>The first answer.</p>"),
            Answer(answerID: 502, questionID: question.questionID, score: 1, creationDate: Fixtures.now.addingTimeInterval(-300),
                   owner: ShallowUser(displayName: "second"), body: "<p>The second answer.</p>"),
        ],
        quotaRemaining: 200
    )
    static let comments = [
        PostComment(commentID: 2, postID: question.questionID, score: 3, creationDate: Fixtures.now.addingTimeInterval(-7200),
                owner: ShallowUser(displayName: "alice"), body: "Did you try <code>strace</code>? &lt;see&gt; <a href=\"https://example.com/x\">this</a>"),
        PostComment(commentID: 3, postID: 502, score: 0, creationDate: Fixtures.now.addingTimeInterval(-60),
                owner: ShallowUser(displayName: "bob"), body: "Thanks, that was it!"),
        PostComment(commentID: 1, postID: question.questionID, score: 1, creationDate: Fixtures.now.addingTimeInterval(-9000),
                owner: nil, body: "An older comment."),
    ]

    /// A harness with the detail of `question` open and loaded.
    func openDetail() -> Harness {
        let h = Harness()
        h.startLoaded([Self.question])
        h.press(.enter)
        h.details.requests[0].deliver(.success(Self.detail))
        return h
    }

    @Test func cFetchesTheCommentsOfTheQuestionAndEveryAnswerOnTheUserQueue() throws {
        let h = openDetail()
        #expect(h.comments.requests.isEmpty, "never fetched before they are asked for")
        h.press(.character("c"))
        let request = try #require(h.comments.requests.first)
        #expect(request.postIDs == [Self.question.questionID, 501, 502])
        #expect(request.site == "stackoverflow")
        #expect(request.priority == .user)
        #expect(h.controller.needsAnimation)
        #expect(h.statusBar().contains("comments…"))
        request.deliver(.success(Page(items: Self.comments, hasMore: false, quotaRemaining: 190)))
        let screen = h.screen(width: 80, height: 40)
        let text = screen.joined(separator: "\n")
        #expect(text.contains("2 comments"))
        #expect(text.contains("Did you try strace? <see> this[1]") || text.contains("Did you try strace? <see> this [1]"))
        #expect(text.contains("— ▲ 3 · alice · 2h"))
        #expect(text.contains("— ▲ 1 · anonymous"))
        #expect(text.contains("Thanks, that was it!"))
        let older = try #require(screen.firstIndex { $0.contains("An older comment.") })
        let newer = try #require(screen.firstIndex { $0.contains("Did you try") })
        let firstAnswer = try #require(screen.firstIndex { $0.contains("Answer 1 of 2") })
        let bobs = try #require(screen.firstIndex { $0.contains("Thanks, that was it!") })
        let secondAnswer = try #require(screen.firstIndex { $0.contains("The second answer.") })
        #expect(older < newer && newer < firstAnswer, "the question's comments, oldest first, before the answers")
        #expect(bobs > secondAnswer, "a comment sits under its own answer")
        #expect(h.statusBar().contains("3 comments"))
        #expect(h.controller.state.quotaRemaining == 190)
    }

    @Test func cAgainHidesThemAndShowingThemAgainCostsNoRequest() throws {
        let h = openDetail()
        h.press(.character("c"))
        h.comments.requests[0].deliver(.success(Page(items: Self.comments, hasMore: false)))
        #expect(h.screen(height: 40).joined().contains("alice"))
        h.press(.character("c"))
        #expect(!h.screen(height: 40).joined().contains("alice"))
        h.press(.character("c"))
        #expect(h.screen(height: 40).joined().contains("alice"))
        #expect(h.comments.requests.count == 1)
    }

    @Test func leavingTheDetailCancelsTheCommentsLoad() throws {
        let h = openDetail()
        h.press(.character("c"))
        let request = try #require(h.comments.requests.first)
        h.press(.escape)
        #expect(request.handle.isCancelled)
        #expect(!h.controller.needsAnimation)
        request.deliver(.success(Page(items: Self.comments, hasMore: false)))
        h.press(.enter)
        h.details.requests[1].deliver(.success(Self.detail))
        #expect(h.controller.state.detail?.comments.isShown == false, "a late delivery changes nothing on the next visit")
        #expect(!h.screen(height: 40).joined().contains("alice"))
    }

    @Test func aFailedFetchShowsTheErrorAndCTriesAgain() throws {
        let h = openDetail()
        h.press(.character("c"))
        h.comments.requests[0].deliver(.failure(.stackExchange(id: 400, name: "bad_parameter", message: "ids")))
        #expect(h.statusBar().contains("bad_parameter"))
        h.press(.character("c"))
        h.press(.character("c"))
        #expect(h.comments.requests.count == 2)
    }

    @Test func cDoesNothingInTheListOrBeforeTheDetailLoads() {
        let h = Harness()
        h.startLoaded([Self.question])
        h.press(.character("c"))
        h.press(.enter)
        h.press(.character("c"))
        #expect(h.comments.requests.isEmpty)
    }

    @Test func answersLoadedLaterGetTheirCommentsWhileCommentsAreShown() throws {
        let h = Harness()
        var question = Fixtures.questions(1)[0]
        question.answerCount = 150
        h.startLoaded([question])
        h.press(.enter)
        let first = AnswerPagingTests.answers(1...100, question: question.questionID)
        h.details.requests[0].deliver(.success(QuestionDetail(question: question, answers: first, answersHaveMore: true)))
        h.press(.character("c"))
        let initial = try #require(h.comments.requests.first)
        #expect(initial.postIDs.count == 101)
        initial.deliver(.success(Page(items: [
            PostComment(commentID: 1, postID: question.questionID, creationDate: Fixtures.now, body: "on the question"),
        ], hasMore: false)))
        h.press(.end)
        let more = try #require(h.details.answersRequests.first)
        more.deliver(.success(Page(items: AnswerPagingTests.answers(101...150, question: question.questionID), hasMore: false)))
        let later = try #require(h.comments.requests.last)
        #expect(h.comments.requests.count == 2)
        #expect(later.postIDs == (101...150).map { 50_000 + $0 }, "only the answers that came since")
        later.deliver(.success(Page(items: [
            PostComment(commentID: 2, postID: 50_150, creationDate: Fixtures.now, body: "on the last answer"),
        ], hasMore: false)))
        #expect(h.statusBar(width: 100).contains("2 comments"))
        h.press(.end)
        #expect(h.screen(width: 100, height: 24).joined().contains("on the last answer"))
        #expect(h.comments.requests.count == 2, "nothing more to fetch")
    }

    @Test func hidingCommentsStopsAFetchOfLaterAnswersAndShowingThemFetchesAgain() throws {
        let h = Harness()
        var question = Fixtures.questions(1)[0]
        question.answerCount = 150
        h.startLoaded([question])
        h.press(.enter)
        let first = AnswerPagingTests.answers(1...100, question: question.questionID)
        h.details.requests[0].deliver(.success(QuestionDetail(question: question, answers: first, answersHaveMore: true)))
        h.press(.character("c"))
        h.comments.requests[0].deliver(.success(Page(items: [], hasMore: false)))
        h.press(.end)
        h.details.answersRequests[0].deliver(.success(Page(
            items: AnswerPagingTests.answers(101...150, question: question.questionID), hasMore: false)))
        let later = try #require(h.comments.requests.last)
        h.press(.character("c"))
        #expect(later.handle.isCancelled)
        h.press(.character("c"))
        #expect(h.comments.requests.count == 3)
        #expect(h.comments.requests.last?.postIDs.count == 50)
    }
}
