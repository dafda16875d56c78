import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// Identical requests in flight share one network request; each caller's cancel withdraws only that caller.
struct CoalescingTests {
    @Test func twoIdenticalCallsSendOneRequest() async throws {
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([1, 2])) }
        let manager = QuestionsDataManager(client: makeClient(server))
        let recorder = Recorder<Page<Question>>()
        let query = QuestionsQuery(tags: ["swift"])
        manager.questions(query, page: 1, priority: .user, completion: recorder.completion)
        manager.questions(query, page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        server.releaseHeld()
        #expect(await eventually { recorder.count == 2 })
        #expect(server.requestCount == 1)
        #expect(recorder.value(0)?.items.map(\.id) == [1, 2])
        #expect(recorder.value(1)?.items.map(\.id) == [1, 2])
        #expect(recorder.allOnMain)
        #expect(await eventually { manager.inFlightCount == 0 })
    }

    @Test func differentPagesAreDifferentRequests() async throws {
        let server = StubServer { _, index in .respond(status: 200, body: Body.questions([index])) }
        let clock = ManualPolicyClock()
        let manager = QuestionsDataManager(client: makeClient(server, clock: clock))
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        manager.questions(QuestionsQuery(), page: 2, priority: .background, completion: recorder.completion)
        // The second send of one method waits out the rate limit's spacing.
        #expect(await clock.advanceOnceWaiting(by: 0.1))
        #expect(await eventually { recorder.count == 2 })
        #expect(server.requestCount == 2)
    }

    @Test func oneCallerCancellingLeavesTheOtherServed() async throws {
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([5])) }
        let manager = QuestionsDataManager(client: makeClient(server))
        let first = Recorder<Page<Question>>()
        let second = Recorder<Page<Question>>()
        let handle = manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: first.completion)
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: second.completion)
        #expect(await eventually { server.heldCount == 1 })
        handle.cancel()
        server.releaseHeld()
        #expect(await eventually { second.count == 1 })
        await drainMainQueue()
        #expect(first.count == 0)
        #expect(server.requestCount == 1)
    }

    @Test func everyCallerCancellingCancelsTheRequest() async throws {
        let log = EventLog()
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([5])) }
        let client = makeClient(server, log: log)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        let a = manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        let b = manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        a.cancel()
        #expect(server.stopCount == 0)
        b.cancel()
        // The URLSession task is cancelled: the load stops and the observer hears "cancelled".
        #expect(await eventually { server.stopCount == 1 })
        #expect(await eventually { log.all.contains { $0.outcome == .cancelled } })
        #expect(await eventually { client.queues.pendingCount == 0 })
        server.releaseHeld()
        await drainMainQueue()
        #expect(recorder.count == 0)
        #expect(manager.inFlightCount == 0)
    }

    @Test func manyCallersFromManyThreadsShareOneRequest() async {
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([8])) }
        let manager = QuestionsDataManager(client: makeClient(server))
        let kept = Recorder<Page<Question>>()
        let dropped = Recorder<Page<Question>>()
        // A first caller who stays keeps the request alive, so racing cancels can never orphan it.
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: kept.completion)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let recorder = index.isMultiple(of: 2) ? kept : dropped
            let handle = manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
            if !index.isMultiple(of: 2) { handle.cancel() }
        }
        #expect(await eventually { server.heldCount == 1 })
        server.releaseHeld()
        #expect(await eventually { kept.count == 33 })
        await drainMainQueue()
        #expect(kept.count == 33)
        #expect(dropped.count == 0)
        #expect(server.requestCount == 1)
    }
}
