import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// An IP throttle holds every method until it ends; a used-up quota holds everything until midnight UTC,
/// then lets one request through to learn the new quota.
struct ThrottleAndQuotaTests {
    @Test func anIPThrottleHoldsEveryMethodUntilItEnds() async throws {
        let server = StubServer { path, index in
            if index == 0 {
                return .respond(status: 400, body: Body.error(
                    id: 502, name: "throttle_violation",
                    message: "too many requests from this IP, more requests available in 30 seconds"))
            }
            return path.hasSuffix("/answers")
                ? .respond(status: 200, body: Body.answers(question: 7, ids: [70]))
                : .respond(status: 200, body: Body.questions([7]))
        }
        let clock = ManualPolicyClock()
        let client = makeClient(server, clock: clock)
        let questions = QuestionsDataManager(client: client)
        let details = AnswersDataManager(client: client)
        let list = Recorder<Page<Question>>()
        let detail = Recorder<QuestionDetail>()
        questions.questions(QuestionsQuery(), page: 1, priority: .user, completion: list.completion)
        #expect(await eventually { list.count == 1 })
        let until = clock.now().addingTimeInterval(30)
        #expect(list.error() == .throttled(until: until))
        #expect(client.ipThrottledUntil == until)

        // Another method, and a search: refused at once, nothing sent.
        questions.questions(QuestionsQuery(searchText: "x"), page: 1, priority: .user, completion: list.completion)
        details.detail(questionID: 7, site: "stackoverflow", priority: .user, completion: detail.completion)
        #expect(await eventually { list.count == 2 && detail.count == 1 })
        #expect(list.error(1) == .throttled(until: until))
        #expect(detail.error() == .throttled(until: until))
        #expect(server.requestCount == 1)

        clock.advance(by: 30)
        details.detail(questionID: 7, site: "stackoverflow", priority: .user, completion: detail.completion)
        #expect(await eventually { detail.count == 2 })
        #expect(detail.value(1)?.answers.map(\.answerID) == [70])
        #expect(server.requestCount == 3)
    }

    @Test func aMethodThrottleHoldsOnlyItsMethod() {
        var state = PolicyState()
        let now = Date(timeIntervalSince1970: 1_000_000)
        state.recordThrottle(methodKey: "/questions", seconds: 60, ipWide: ThrottleMessage.isIPWide("Violation of backoff parameter"), now: now)
        #expect(state.admission(methodKey: "/search/advanced", now: now) == .send)
        #expect(ThrottleMessage.isIPWide("too many requests from this IP, more requests available in 17524 seconds"))
    }

    @Test func quotaZeroResetsAtMidnightUTCThenOneRequestLearnsTheNewQuota() async throws {
        // 23:59:00 UTC.
        let clock = ManualPolicyClock(start: Date(timeIntervalSince1970: 1_795_478_340))
        let server = StubServer { _, index in
            switch index {
            case 0: .respond(status: 200, body: Body.questions([1], quota: 0))
            case 1: .hold(status: 200, body: Body.questions([2], quota: 299))
            default: .respond(status: 200, body: Body.questions([index], quota: 298))
            }
        }
        let client = makeClient(server, clock: clock)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        let midnight = Date(timeIntervalSince1970: 1_795_478_400)
        #expect(client.quotaResetsAt == midnight)

        manager.questions(QuestionsQuery(), page: 2, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 2 })
        #expect(recorder.error(1) == .quotaExhausted(resetsAt: midnight))
        #expect(recorder.error(1)?.message.contains("resets at 2026-11-24 00:00 UTC") == true)
        #expect(server.requestCount == 1)

        clock.advance(by: 61)
        // Past midnight: one request goes; while it is out, others still wait for what it learns.
        manager.questions(QuestionsQuery(), page: 2, priority: .user, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        manager.questions(QuestionsQuery(searchText: "x"), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 3 })
        #expect(recorder.error(2) == .quotaExhausted(resetsAt: midnight))
        server.releaseHeld()
        #expect(await eventually { recorder.count == 4 })
        #expect(recorder.value(3)?.quotaRemaining == 299)
        #expect(client.quotaResetsAt == nil)

        manager.questions(QuestionsQuery(searchText: "x"), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 5 })
        #expect(recorder.value(4) != nil)
        #expect(server.requestCount == 3)
    }

    @Test func nextMidnightUTC() {
        let noon = Date(timeIntervalSince1970: 1_795_435_200)
        #expect(PolicyState.nextMidnightUTC(after: noon) == Date(timeIntervalSince1970: 1_795_478_400))
        let midnight = Date(timeIntervalSince1970: 1_795_478_400)
        #expect(PolicyState.nextMidnightUTC(after: midnight) == midnight.addingTimeInterval(86_400))
    }
}
