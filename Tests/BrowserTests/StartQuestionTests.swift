@testable import Browser
import Foundation
import StackExchange
import Testing

/// A link on the command line (`stackterm URL`): the question is asked first, and the list beneath it only once the
/// question has loaded, failed or been left, so the list's page never competes with the question's first frame.
@MainActor
struct StartQuestionTests {
    func harness() -> Harness {
        var configuration = BrowserConfiguration(site: "superuser")
        configuration.startQuestion = .init(site: "superuser", questionID: 1001, answerID: nil)
        return Harness(configuration: configuration)
    }

    @Test func theListBeneathWaitsForTheQuestion() throws {
        let h = harness()
        h.controller.start()
        let detail = try #require(h.details.requests.first)
        #expect(detail.questionID == 1001 && detail.site == "superuser")
        #expect(h.questions.requests.isEmpty, "no list page before the question")
        detail.deliver(.success(Fixtures.detail(for: Fixtures.questions(1)[0])))
        #expect(h.questions.requests.count == 1, "the list beneath, once the question is in")
        #expect(h.questions.requests.first?.query.site == "superuser")
        // Asked once: more events send nothing more.
        h.press(.character("j"))
        #expect(h.questions.requests.count == 1)
    }

    @Test func aFailedQuestionOrEscapeLoadsTheListOnce() throws {
        let h = harness()
        h.controller.start()
        try #require(h.details.requests.first).deliver(.failure(.httpStatus(code: 500, bodySnippet: "x")))
        #expect(h.questions.requests.count == 1)
        try #require(h.questions.requests.first).deliver(.failure(.httpStatus(code: 500, bodySnippet: "x")))
        h.press(.escape)
        #expect(h.questions.requests.count == 1, "a failed list is not asked again by itself")

        let left = harness()
        left.controller.start()
        left.press(.escape)
        #expect(left.controller.state.detail == nil)
        #expect(left.questions.requests.count == 1, "leaving the question loads the list")
    }
}
