import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// Each call of a data manager is a request of its own (the browser's ledger joins identical ones before they get
/// here): a caller's cancel stops its request only, and a request cancelled from outside tells its caller.
struct OneRequestPerCallTests {
    @Test func twoIdenticalCallsAreTwoRequestsEachAnsweredToItsCaller() async throws {
        let server = StubServer { _, index in .hold(status: 200, body: Body.questions([index + 1])) }
        let manager = QuestionsDataManager(client: makeClient(server))
        let first = Recorder<Page<Question>>()
        let second = Recorder<Page<Question>>()
        let query = QuestionsQuery(tags: ["swift"])
        manager.questions(query, page: 1, priority: .user, completion: first.completion)
        manager.questions(query, page: 1, priority: .user, completion: second.completion)
        #expect(await manager.client.clock.advanceManualWhenWaiting { server.heldCount == 2 })
        server.releaseHeld()
        #expect(await eventually { first.count == 1 && second.count == 1 })
        #expect(server.requestCount == 2)
        #expect(Set([first.value()?.items.map(\.id), second.value()?.items.map(\.id)]) == [[1], [2]])
        #expect(first.allOnMain && second.allOnMain)
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

    /// A cancel of one caller's request does not cancel the request another caller still wants.
    @Test func oneCallerCancellingLeavesTheOtherServed() async throws {
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([5])) }
        let manager = QuestionsDataManager(client: makeClient(server))
        let first = Recorder<Page<Question>>()
        let second = Recorder<Page<Question>>()
        let handle = manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: first.completion)
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: second.completion)
        #expect(await manager.client.clock.advanceManualWhenWaiting { server.heldCount == 2 })
        handle.cancel()
        #expect(await eventually { server.stopCount == 1 }, "the cancelled caller's request stops")
        server.releaseHeld()
        #expect(await eventually { second.count == 1 })
        await drainMainQueue()
        #expect(second.value()?.items.map(\.id) == [5])
        #expect(first.count == 0, "a caller that cancelled hears nothing")
    }

    @Test func aCancelStopsTheRequestAndItsCallerHearsNothing() async throws {
        let log = EventLog()
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([5])) }
        let client = makeClient(server, log: log)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        let handle = manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        handle.cancel()
        // The transport's task is cancelled: the load stops and the observer hears "cancelled".
        #expect(await eventually { server.stopCount == 1 })
        #expect(await eventually { log.all.contains { $0.outcome == .cancelled } })
        #expect(await eventually { client.queues.pendingCount == 0 })
        server.releaseHeld()
        await drainMainQueue()
        #expect(recorder.count == 0)
    }

    @Test(arguments: [true, false])
    func aRequestCancelledFromOutsideTellsItsCaller(cancelAll: Bool) async throws {
        let server = StubServer { _, index in
            index == 0 ? .hold(status: 200, body: Body.questions([1])) : .respond(status: 200, body: Body.questions([2]))
        }
        let client = makeClient(server)
        let manager = QuestionsDataManager(client: client)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        if cancelAll {
            client.queues.cancelAll()
        } else {
            for operation in client.queues.userQueue.operations { operation.cancel() }
        }
        #expect(await eventually { recorder.count == 1 })
        #expect(recorder.error(0) == .cancelled)

        // A later caller gets a request of its own, not the dead one.
        let later = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: later.completion)
        #expect(await manager.client.clock.advanceManualWhenWaiting { later.count == 1 })
        #expect(later.value()?.items.map(\.id) == [2])
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
