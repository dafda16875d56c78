import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// A cancelled request never delivers, and cancelling closes its URLSession task.
struct CancellationTests {
    @Test func cancelBeforeTheResponseMeansTheCompletionNeverRuns() async {
        let log = EventLog()
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([1])) }
        let client = makeClient(server, log: log)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        let handle = manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        handle.cancel()
        #expect(await eventually { server.stopCount == 1 })
        #expect(await eventually { log.all.last?.outcome == .cancelled })
        #expect(await eventually { client.queues.pendingCount == 0 })
        server.releaseHeld()
        await drainMainQueue()
        #expect(recorder.count == 0)
    }

    @Test func cancellingTheOperationCancelsItsTask() async {
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([1])) }
        let client = makeClient(server)
        let delivered = Recorder<Page<Question>>()
        let operation = QuestionsRetrievalOperation(
            client: client, query: QuestionsQuery(), page: 1, completionQueue: .global()
        ) { result in
            DispatchQueue.main.async { delivered.completion(result.mapError { $0 as! APIError }) }
        }
        operation.enqueue()
        #expect(await eventually { server.heldCount == 1 })
        operation.cancel()
        #expect(await eventually { operation.isFinished })
        #expect(await eventually { server.stopCount == 1 })
        server.releaseHeld()
        await drainMainQueue()
        #expect(delivered.count == 0)
    }

    @Test func cancelWhileWaitingForARetryStopsRetrying() async {
        let server = StubServer { _, _ in .respond(status: 503, body: Data()) }
        let clock = ManualPolicyClock()
        let client = makeClient(server, retryDelay: 1.5, clock: clock)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        let handle = manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { clock.pendingTimerCount == 1 }, "the first try failed and its retry waits")
        handle.cancel()
        #expect(await eventually { client.queues.pendingCount == 0 })
        // Past the retry's moment: it finds the request cancelled and sends nothing.
        clock.advance(by: 10)
        await clock.settled()
        await drainMainQueue()
        #expect(server.requestCount == 1)
        #expect(recorder.count == 0)
    }
}
