import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// Quota 0 stops sending; transient failures are retried up to three tries; 4xx and throttling are not.
/// Retries wait on a manual clock, which `fetch` moves on whenever the request waits for it.
struct QuotaAndRetryTests {
    func fetch(_ manager: QuestionsDataManager, page: Int = 1) async -> Recorder<Page<Question>> {
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: page, priority: .user, completion: recorder.completion)
        let clock = manager.client.clock as? ManualPolicyClock
        _ = await eventually {
            // A retry waiting on the clock: let its time come.
            if let clock, clock.pendingTimerCount > 0 { clock.advance(by: 10) }
            return recorder.count == 1
        }
        return recorder
    }

    @Test func quotaZeroFailsFastWithoutSending() async {
        let server = StubServer { _, _ in .respond(status: 200, body: Body.questions([1], quota: 0)) }
        let manager = QuestionsDataManager(client: makeClient(server))
        #expect(await fetch(manager).value() != nil)
        let second = await fetch(manager, page: 2)
        #expect(second.error() == .quotaExhausted(resetsAt: PolicyState.nextMidnightUTC(after: manager.client.clock.now())))
        #expect(server.requestCount == 1)
    }

    @Test func retriesWaitTheirDelayOnTheClock() async {
        let server = StubServer { _, index in
            index < 2 ? .respond(status: 503, body: Data("busy".utf8)) : .respond(status: 200, body: Body.questions([9]))
        }
        let clock = ManualPolicyClock()
        let manager = QuestionsDataManager(client: makeClient(server, retryDelay: 0.5, clock: clock))
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { clock.pendingTimerCount == 1 })
        clock.advance(by: 0.49)
        await clock.settled()
        #expect(server.requestCount == 1, "the first retry waits 0.5 s")
        clock.advance(by: 0.01)
        #expect(await eventually { clock.pendingTimerCount == 1 && server.requestCount == 2 })
        clock.advance(by: 0.99)
        await clock.settled()
        #expect(server.requestCount == 2, "the second waits twice as long")
        clock.advance(by: 0.01)
        #expect(await eventually { recorder.count == 1 })
        #expect(server.requestCount == 3)
        #expect(recorder.value()?.items.map(\.id) == [9])
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
        guard case .throttled(let until)? = await fetch(manager).error() else {
            Issue.record("expected .throttled")
            return
        }
        #expect(until == client.clock.now().addingTimeInterval(30))
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
