import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// The detail data manager fetches a question with its body and its answers.
struct DetailTests {
    @Test func questionWithAnswers() async throws {
        let server = StubServer { path, _ in
            switch path {
            case "/questions/77": .hold(status: 200, body: Body.questions([77], quota: 50))
            case "/questions/77/answers": .hold(status: 200, body: Body.answers(question: 77, ids: [1, 2, 3], quota: 49))
            default: .respond(status: 404, body: Data())
            }
        }
        let manager = AnswersDataManager(client: makeClient(server))
        let recorder = Recorder<QuestionDetail>()
        manager.detail(questionID: 77, site: "stackoverflow", priority: .user, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 2 })
        server.releaseHeld()
        #expect(await eventually { recorder.count == 1 }, "requests \(server.requestCount) recorded \(recorder.count)")
        let detail = try #require(recorder.value())
        #expect(detail.question.questionID == 77 && detail.question.body == "<p>b</p>")
        #expect(detail.answers.map(\.answerID) == [1, 2, 3])
        #expect(detail.quotaRemaining == 49)
        #expect(server.requestCount == 2)
        let answers = try #require(server.arrivals.first { $0.path.hasSuffix("/answers") })
        #expect(answers.url.query?.contains("filter=withbody") == true)
        #expect(answers.url.query?.contains("sort=votes") == true)
    }

    @Test func aMissingQuestionIsMissingData() async {
        let server = StubServer { path, _ in
            path.hasSuffix("/answers")
                ? .respond(status: 200, body: Body.answers(question: 5, ids: []))
                : .respond(status: 200, body: Body.questions([]))
        }
        let manager = AnswersDataManager(client: makeClient(server))
        let recorder = Recorder<QuestionDetail>()
        manager.detail(questionID: 5, site: "stackoverflow", priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        guard case .missingData(let what)? = recorder.error() else {
            Issue.record("expected missingData, got \(recorder.all)")
            return
        }
        #expect(what.contains("5"))
    }

    @Test func aFailedHalfFailsTheWhole() async {
        let server = StubServer { path, _ in
            path.hasSuffix("/answers")
                ? .respond(status: 400, body: Body.error(id: 403, name: "access_denied", message: "no"))
                : .respond(status: 200, body: Body.questions([6]))
        }
        let manager = AnswersDataManager(client: makeClient(server))
        let recorder = Recorder<QuestionDetail>()
        manager.detail(questionID: 6, site: "stackoverflow", priority: .background, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        #expect(recorder.error() == .stackExchange(id: 403, name: "access_denied", message: "no"))
    }
}
