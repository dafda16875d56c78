import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// Quota 0 stops sending; transient failures are retried up to three tries; 4xx and throttling are not.
struct QuotaAndRetryTests {
    func fetch(_ manager: QuestionsDataManager, page: Int = 1) async -> Recorder<Page<Question>> {
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: page, priority: .user, completion: recorder.completion)
        _ = await eventually { recorder.count == 1 }
        return recorder
    }

    @Test func quotaZeroFailsFastWithoutSending() async {
        let server = StubServer { _, _ in .respond(status: 200, body: Body.questions([1], quota: 0)) }
        let manager = QuestionsDataManager(client: makeClient(server))
        #expect(await fetch(manager).value() != nil)
        let second = await fetch(manager, page: 2)
        #expect(second.error() == .quotaExhausted)
        #expect(server.requestCount == 1)
    }

    @Test func serverErrorsAreRetriedUpToThreeTries() async {
        let server = StubServer { _, index in
            index < 2 ? .respond(status: 503, body: Data("busy".utf8)) : .respond(status: 200, body: Body.questions([9]))
        }
        let log = EventLog()
        let manager = QuestionsDataManager(client: makeClient(server, log: log))
        #expect(await fetch(manager).value()?.items.map(\.id) == [9])
        #expect(server.requestCount == 3)
        #expect(log.all.filter { $0.kind == "end" }.map(\.status) == [503, 503, 200])
    }

    @Test func aPersistentServerErrorGivesUpAfterThreeTries() async {
        let server = StubServer { _, _ in .respond(status: 500, body: Data("oops".utf8)) }
        let manager = QuestionsDataManager(client: makeClient(server))
        let recorder = await fetch(manager)
        #expect(recorder.error() == .httpStatus(code: 500, bodySnippet: "oops"))
        #expect(server.requestCount == 3)
    }

    @Test func transportFailuresAndAPITransientErrorsAreRetried() async {
        let server = StubServer { _, index in
            switch index {
            case 0: .fail(.timedOut)
            case 1: .respond(status: 400, body: Body.error(id: 503, name: "temporarily_unavailable", message: "later"))
            default: .respond(status: 200, body: Body.questions([3]))
            }
        }
        let manager = QuestionsDataManager(client: makeClient(server))
        #expect(await fetch(manager).value() != nil)
        #expect(server.requestCount == 3)
    }

    @Test func badRequestIsNotRetried() async {
        let server = StubServer { _, _ in
            .respond(status: 400, body: Body.error(id: 400, name: "bad_parameter", message: "pagesize"))
        }
        let manager = QuestionsDataManager(client: makeClient(server))
        #expect(await fetch(manager).error() == .stackExchange(id: 400, name: "bad_parameter", message: "pagesize"))
        #expect(server.requestCount == 1)
    }

    @Test func throttleViolationIsNotRetriedAndHoldsTheMethod() async throws {
        let server = StubServer { _, _ in
            .respond(
                status: 400,
                body: Body.error(id: 502, name: "throttle_violation", message: "more requests available in 30 seconds"))
        }
        let client = makeClient(server)
        let manager = QuestionsDataManager(client: client)
        let before = Date()
        guard case .throttled(let until)? = await fetch(manager).error() else {
            Issue.record("expected .throttled")
            return
        }
        #expect(until >= before.addingTimeInterval(29) && until <= Date().addingTimeInterval(31))
        #expect(server.requestCount == 1)
        // The next request to the same method fails at once without sending.
        #expect(await fetch(manager, page: 2).error() == .throttled(until: until))
        #expect(server.requestCount == 1)
    }

    @Test func invalidPageSizeFailsWithoutSending() async {
        let server = StubServer { _, _ in .respond(status: 200, body: Body.questions([1])) }
        let manager = QuestionsDataManager(client: makeClient(server))
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(pageSize: 101), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        guard case .stackExchange(400, "bad_parameter", _)? = recorder.error() else {
            Issue.record("expected bad_parameter, got \(recorder.all)")
            return
        }
        #expect(server.requestCount == 0)
    }
}
