@testable import Browser
import Foundation
import StackExchange
import Testing

/// Answers past the first hundred load as the person scrolls near the end; the status bar says how many.
@MainActor
struct AnswerPagingTests {
    static func answers(_ range: ClosedRange<Int>, question: Int) -> [Answer] {
        range.map { n in
            Answer(answerID: 50_000 + n, questionID: question, score: 1_000 - n, creationDate: Fixtures.now,
                   body: "<p>Answer \(n)</p>")
        }
    }

    /// A harness showing a question of 240 answers with the first hundred loaded.
    func openManyAnswers() throws -> (Harness, Question) {
        let h = Harness()
        var question = Fixtures.questions(1)[0]
        question.answerCount = 240
        h.startLoaded([question])
        h.press(.enter)
        let request = try #require(h.details.requests.first)
        request.deliver(.success(QuestionDetail(
            question: question, answers: Self.answers(1...100, question: question.questionID), answersHaveMore: true)))
        return (h, question)
    }

    func statusLine(_ h: Harness) -> String {
        h.controller.resizeAndRender(width: 100, height: 20).text.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func scrollingToTheEndLoadsTheNextAnswersPages() throws {
        let (h, question) = try openManyAnswers()
        #expect(statusLine(h).contains("answers 100/240+"))
        #expect(h.details.answersRequests.isEmpty, "the top of a long detail asks for nothing more")

        h.press(.end)
        let second = try #require(h.details.answersRequests.first)
        #expect(second.page == 2 && second.questionID == question.questionID)
        h.press(.up, .end)
        #expect(h.details.answersRequests.count == 1, "one page at a time")
        second.deliver(.success(Page(items: Self.answers(101...200, question: question.questionID), hasMore: true)))
        #expect(statusLine(h).contains("answers 200/240+"))

        h.press(.end)
        let third = try #require(h.details.answersRequests.last)
        #expect(third.page == 3)
        third.deliver(.success(Page(items: Self.answers(201...240, question: question.questionID), hasMore: false)))
        let text = h.controller.resizeAndRender(width: 100, height: 20).text
        #expect(!text.contains("answers 240"), "no count once every answer is shown")
        guard case .loaded(let detail) = h.controller.state.detail?.phase else {
            Issue.record("the detail is not loaded")
            return
        }
        #expect(detail.answers.count == 240)
        h.press(.end)
        #expect(h.details.answersRequests.count == 2, "nothing more to ask for")
    }

    @Test func leavingTheDetailCancelsTheAnswersPage() throws {
        let (h, _) = try openManyAnswers()
        h.press(.end)
        let request = try #require(h.details.answersRequests.first)
        h.press(.escape)
        #expect(request.handle.isCancelled)
    }

    @Test func aFailedAnswersPageShowsItsErrorAndIsNotRetriedOnEveryKey() throws {
        let (h, _) = try openManyAnswers()
        h.press(.end)
        try #require(h.details.answersRequests.first).deliver(.failure(.transport(URLError(.timedOut))))
        #expect(statusLine(h).contains("timed out"))
        h.press(.up, .end)
        #expect(h.details.answersRequests.count == 1)
    }
}
