import Foundation
import Operations
import Synchronization
import TestSupport
import Testing
@testable import StackExchange

/// The client never sends more than 10 requests a second, the same method at most every 100 ms, and a
/// request superseded while it waits is never sent: the last one asked for is the one that goes.
struct RateLimitTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    @Test func theEleventhSendInOneSecondWaits() {
        var state = PolicyState()
        for index in 0..<10 {
            #expect(state.admit(methodKey: "/m\(index)", now: now.addingTimeInterval(Double(index) * 0.01)) == .send)
        }
        #expect(state.admit(methodKey: "/m10", now: now.addingTimeInterval(0.2)) == .wait(until: now.addingTimeInterval(1)))
        #expect(state.admit(methodKey: "/m10", now: now.addingTimeInterval(1)) == .send)
    }

    @Test func theSameMethodIsSpacedByATenthOfASecond() {
        var state = PolicyState()
        #expect(state.admit(methodKey: "/questions", now: now) == .send)
        #expect(state.admit(methodKey: "/questions", now: now.addingTimeInterval(0.05)) == .wait(until: now.addingTimeInterval(0.1)))
        #expect(state.admit(methodKey: "/search/advanced", now: now.addingTimeInterval(0.05)) == .send)
        #expect(state.admit(methodKey: "/questions", now: now.addingTimeInterval(0.1)) == .send)
    }

    /// Holding `r` for two seconds at 30 a second: each reload cancels the one before, as the controller does.
    @Test func holdingReloadSendsAtMostTenASecondAndTheLastOneWins() async throws {
        let server = StubServer { _, index in .respond(status: 200, body: Body.questions([index])) }
        let clock = ManualPolicyClock()
        let sends = SendTimes(clock: clock)
        let manager = QuestionsDataManager(client: makeClient(server, clock: clock, observer: sends))
        let recorder = Recorder<Page<Question>>()
        var handle: (any Cancellable)?
        for press in 1...60 {
            handle?.cancel()
            handle = manager.questions(
                QuestionsQuery(tags: ["t\(press)"]), page: 1, priority: .user, completion: recorder.completion)
            clock.advance(by: 1.0 / 30)
        }
        // The last reload's page arrives (its id is the stub's arrival number).
        #expect(await eventually {
            if clock.pendingTimerCount > 0 { clock.advance(by: 0.05) }
            return server.arrivals.last?.url.query?.contains("tagged=t60") == true
                && recorder.value(recorder.count - 1)?.items.map(\.id) == [server.requestCount - 1]
        })
        await drainMainQueue()
        #expect(sends.maxInAnySecond <= 10, "\(sends.all.count) sends")
        #expect(sends.all.count < 30, "superseded reloads that were still waiting were never sent")
        #expect(server.arrivals.filter { $0.url.query?.contains("tagged=t60") == true }.count == 1)
    }

    @Test func noSecondEverHoldsMoreThanTenSends() async throws {
        let server = StubServer { path, index in
            let parts = path.split(separator: "/")
            if parts.count == 3, let id = Int(parts[1]) {
                return .respond(status: 200, body: Body.answers(question: id, ids: [id * 10]))
            }
            if parts.count == 2, let id = Int(parts[1]) { return .respond(status: 200, body: Body.questions([id])) }
            return .respond(status: 200, body: Body.questions([index]))
        }
        let clock = ManualPolicyClock()
        let sends = SendTimes(clock: clock)
        let client = makeClient(server, clock: clock, observer: sends)
        let questions = QuestionsDataManager(client: client)
        let details = AnswersDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        let detailRecorder = Recorder<QuestionDetail>()
        // 25 different requests over four methods asked for at once: no key repeat could make such a burst.
        for number in 1...25 {
            switch number % 3 {
            case 0: questions.questions(QuestionsQuery(searchText: "q\(number)"), page: 1, priority: .user, completion: recorder.completion)
            case 1: questions.questions(QuestionsQuery(), page: number, priority: .background, completion: recorder.completion)
            default: details.detail(questionID: number, site: "stackoverflow", priority: .user, completion: detailRecorder.completion)
            }
        }
        // 33 real round trips to the stub: a generous deadline, which only matters when the test fails.
        #expect(await eventually(within: 60) {
            if clock.pendingTimerCount > 0 { clock.advance(by: 0.1) }
            return recorder.count + detailRecorder.count == 25
        })
        #expect(sends.all.count == 33, "25 requests, 8 of them details of two requests each")
        #expect(sends.maxInAnySecond <= 10)
        #expect(clock.now().timeIntervalSince(sends.all[0]) >= 3, "33 sends take more than three seconds")
    }
}

/// Records the clock's time at each send.
final class SendTimes: NetworkEventObserver {
    private let clock: ManualPolicyClock
    private let times = Mutex<[Date]>([])

    init(clock: ManualPolicyClock) {
        self.clock = clock
    }

    var all: [Date] { times.withLock { $0 } }

    /// The most sends that fell in any one-second window.
    var maxInAnySecond: Int {
        let all = self.all
        return all.map { start in all.filter { $0 >= start && $0 < start.addingTimeInterval(1) }.count }.max() ?? 0
    }

    func requestStarted(id: Int, path: String, page: Int?, priority: RequestPriority) {
        let now = clock.now()
        times.withLock { $0.append(now) }
    }

    func requestEnded(id: Int, outcome: RequestOutcome, status: Int?) {}
}
