import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// A shared (coalesced) request cancelled from outside tells its callers and leaves the table; a person's
/// request joining a prefetch raises it to user priority.
struct SharedRequestTests {
    @Test(arguments: [true, false])
    func aSharedRequestCancelledFromOutsideDeliversCancelledAndLeaves(cancelAll: Bool) async throws {
        let server = StubServer { _, index in
            index == 0 ? .hold(status: 200, body: Body.questions([1])) : .respond(status: 200, body: Body.questions([2]))
        }
        let client = makeClient(server)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        if cancelAll {
            client.queues.cancelAll()
        } else {
            for operation in client.queues.userQueue.operations { operation.cancel() }
        }
        #expect(await eventually { recorder.count == 2 })
        #expect(recorder.error(0) == .cancelled && recorder.error(1) == .cancelled)
        #expect(manager.inFlightCount == 0)

        // A later caller gets a request of its own, not the dead one.
        let later = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: later.completion)
        #expect(await manager.client.clock.advanceManualWhenWaiting { later.count == 1 })
        #expect(later.value()?.items.map(\.id) == [2])
    }

    @Test func aPersonJoiningAWaitingPrefetchRaisesItToUserPriority() async throws {
        let server = StubServer { _, index in
            .respond(status: 200, body: Body.questions([index], backoff: index == 0 ? 5 : nil))
        }
        let clock = ManualPolicyClock()
        let log = EventLog()
        let client = makeClient(server, log: log, clock: clock)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        // Page 2 is prefetched, held by the backoff; then the person asks for it.
        manager.questions(QuestionsQuery(), page: 2, priority: .background, completion: recorder.completion)
        manager.questions(QuestionsQuery(), page: 2, priority: .user, completion: recorder.completion)
        clock.advance(by: 5)
        #expect(await eventually { recorder.count == 3 })
        let starts = log.all.filter { $0.kind == "start" }
        #expect(starts.map(\.priority) == [.user, .user], "the shared request went out as the person's")
        #expect(server.requestCount == 2)
    }

    @Test func aPersonJoiningAPrefetchOnTheWireIsReportedRaised() async throws {
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([4])) }
        let log = EventLog()
        let manager = QuestionsDataManager(client: makeClient(server, log: log))
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 2, priority: .background, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        manager.questions(QuestionsQuery(), page: 2, priority: .user, completion: recorder.completion)
        #expect(await eventually { log.all.contains { $0.kind == "raised" } })
        let start = try #require(log.all.first { $0.kind == "start" })
        let raised = try #require(log.all.first { $0.kind == "raised" })
        #expect(start.priority == .background)
        #expect(raised.id == start.id && raised.priority == .user)
        server.releaseHeld()
        #expect(await eventually { recorder.count == 2 })
        #expect(server.requestCount == 1)
    }
}

extension PolicyClock {
    /// Polls `condition`, moving a manual clock on whenever something waits on it.
    func advanceManualWhenWaiting(_ condition: @escaping () -> Bool) async -> Bool {
        await eventually {
            if let manual = self as? ManualPolicyClock, manual.pendingTimerCount > 0 { manual.advance(by: 0.1) }
            return condition()
        }
    }
}
