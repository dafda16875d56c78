import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// A prefetch the person asks for is raised to user priority through the handle its call returned: the one request,
/// not a second.
struct RaiseThroughHandleTests {
    @Test func aPrefetchWaitingForItsTurnIsRaisedAndGoesOutAsThePersons() async throws {
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
        let prefetch = manager.questions(QuestionsQuery(), page: 2, priority: .background, completion: recorder.completion)
        let raising = try #require(prefetch as? any PriorityRaising, "a data manager's handle can raise its request")
        raising.raiseToUserPriority()
        clock.advance(by: 5)
        #expect(await eventually { recorder.count == 2 })
        let starts = log.all.filter { $0.kind == "start" }
        #expect(starts.map(\.priority) == [.user, .user], "the prefetch went out as the person's")
        #expect(server.requestCount == 2)
    }

    @Test func aPrefetchOnTheWireIsReportedRaised() async throws {
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([4])) }
        let log = EventLog()
        let manager = QuestionsDataManager(client: makeClient(server, log: log))
        let recorder = Recorder<Page<Question>>()
        let prefetch = manager.questions(QuestionsQuery(), page: 2, priority: .background, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        try #require(prefetch as? any PriorityRaising).raiseToUserPriority()
        #expect(await eventually { log.all.contains { $0.kind == "raised" } })
        let start = try #require(log.all.first { $0.kind == "start" })
        let raised = try #require(log.all.first { $0.kind == "raised" })
        #expect(start.priority == .background)
        #expect(raised.id == start.id && raised.priority == .user)
        server.releaseHeld()
        #expect(await eventually { recorder.count == 1 })
        #expect(server.requestCount == 1)
    }
}
