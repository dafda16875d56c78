import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// After `backoff: N`, no request to the same API method starts for N seconds; other methods go on.
struct BackoffTests {
    @Test func nextRequestToTheSameMethodWaitsForTheDeadline() async throws {
        // Two seconds leave the search below a wide margin to arrive before the deadline on a busy machine.
        let server = StubServer { _, index in
            .respond(status: 200, body: Body.questions([index], backoff: index == 0 ? 2 : nil))
        }
        let client = makeClient(server)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        let deadline = try #require(client.backoffDeadline(for: "/questions"))
        #expect(client.backoffDeadline(for: "/search/advanced") == nil)

        manager.questions(QuestionsQuery(), page: 2, priority: .user, completion: recorder.completion)
        manager.questions(QuestionsQuery(searchText: "swift"), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 3 })
        let arrivals = server.arrivals
        #expect(arrivals.count == 3)
        let secondList = try #require(arrivals.dropFirst().first { $0.path == "/questions" })
        let search = try #require(arrivals.first { $0.path == "/search/advanced" })
        // Timer leeway is a few milliseconds; the request must not go before the deadline minus that.
        #expect(secondList.at >= deadline.addingTimeInterval(-0.02))
        #expect(search.at < deadline)
    }

    @Test func aHeldOperationWaitsNotReadyBehindItsGate() async throws {
        // 3 s, so the gate is still closed when a test task starved by a loaded machine looks at it.
        let server = StubServer { _, index in
            .respond(status: 200, body: Body.questions([index], backoff: index == 0 ? 3 : nil))
        }
        let client = makeClient(server)
        let first = QuestionsRetrievalOperation(client: client, query: QuestionsQuery(), page: 1, completionQueue: .global())
        first.enqueue()
        #expect(await eventually { first.isFinished })
        #expect(await eventually { client.backoffDeadline(for: "/questions") != nil })
        let second = QuestionsRetrievalOperation(client: client, query: QuestionsQuery(), page: 2, completionQueue: .global())
        second.enqueue()
        #expect(second.isGateOpen == false)
        #expect(second.isReady == false)
        #expect(server.requestCount == 1)
        #expect(await eventually { second.isFinished })
        #expect(server.requestCount == 2)
    }

    @Test func cancellingAHeldRequestFinishesItWithoutSending() async throws {
        let server = StubServer { _, index in
            .respond(status: 200, body: Body.questions([index], backoff: index == 0 ? 30 : nil))
        }
        let client = makeClient(server)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        let handle = manager.questions(QuestionsQuery(), page: 2, priority: .background, completion: recorder.completion)
        #expect(await eventually { client.queues.pendingCount == 1 })
        handle.cancel()
        // Long before the 30 s deadline, the cancelled operation leaves its queue.
        #expect(await eventually(within: 5) { client.queues.pendingCount == 0 })
        await drainMainQueue()
        #expect(recorder.count == 1)
        #expect(server.requestCount == 1)
    }
}
