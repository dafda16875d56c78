import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// After `backoff: N`, no request to the same API method starts for N seconds; other methods go on.
/// Time is a manual clock: nothing here waits for real seconds.
struct BackoffTests {
    @Test func nextRequestToTheSameMethodWaitsForTheDeadline() async throws {
        let server = StubServer { _, index in
            .respond(status: 200, body: Body.questions([index], backoff: index == 0 ? 2 : nil))
        }
        let clock = ManualPolicyClock()
        let client = makeClient(server, clock: clock)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        let deadline = try #require(client.backoffDeadline(for: "/questions"))
        #expect(deadline == clock.now().addingTimeInterval(2))
        #expect(client.backoffDeadline(for: "/search/advanced") == nil)

        manager.questions(QuestionsQuery(), page: 2, priority: .user, completion: recorder.completion)
        manager.questions(QuestionsQuery(searchText: "swift"), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 2 }, "the search is not held")
        #expect(server.arrivals.map(\.path) == ["/questions", "/search/advanced"], "page 2 waits")
        clock.advance(by: 1.9)
        await clock.settled()
        await drainMainQueue()
        #expect(server.requestCount == 2, "still inside the backoff")
        clock.advance(by: 0.1)
        #expect(await eventually { recorder.count == 3 })
        #expect(server.arrivals.map(\.path) == ["/questions", "/search/advanced", "/questions"])
    }

    @Test func aHeldOperationWaitsNotReadyBehindItsGate() async throws {
        let server = StubServer { _, index in
            .respond(status: 200, body: Body.questions([index], backoff: index == 0 ? 3 : nil))
        }
        let clock = ManualPolicyClock()
        let client = makeClient(server, clock: clock)
        let first = QuestionsRetrievalOperation(client: client, query: QuestionsQuery(), page: 1, completionQueue: .global())
        first.enqueue()
        #expect(await eventually { first.isFinished })
        #expect(client.backoffDeadline(for: "/questions") != nil)
        let second = QuestionsRetrievalOperation(client: client, query: QuestionsQuery(), page: 2, completionQueue: .global())
        second.enqueue()
        #expect(second.isGateOpen == false)
        #expect(second.isReady == false)
        #expect(server.requestCount == 1)
        clock.advance(by: 3)
        #expect(await eventually { second.isGateOpen })
        #expect(await eventually { second.isFinished })
        #expect(server.requestCount == 2)
    }

    @Test func cancellingAHeldRequestFinishesItWithoutSending() async throws {
        let server = StubServer { _, index in
            .respond(status: 200, body: Body.questions([index], backoff: index == 0 ? 30 : nil))
        }
        let clock = ManualPolicyClock()
        let client = makeClient(server, clock: clock)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        let handle = manager.questions(QuestionsQuery(), page: 2, priority: .background, completion: recorder.completion)
        #expect(await eventually { client.queues.pendingCount == 1 })
        handle.cancel()
        // Long before the 30 s deadline (which never comes: the clock stands still), it leaves its queue.
        #expect(await eventually { client.queues.pendingCount == 0 })
        await drainMainQueue()
        #expect(recorder.count == 1)
        #expect(server.requestCount == 1)
    }
}
