import Foundation
import Operations
import Synchronization
import TestSupport
import Testing
@testable import StackExchange

/// A hop that counts its dispatches, then goes to the main queue as `.mainQueue` does.
final class CountingHop: Sendable {
    private let count = Mutex(0)
    var hops: Int { count.withLock { $0 } }
    var hop: MainQueueHop {
        MainQueueHop { work in
            self.count.withLock { $0 += 1 }
            DispatchQueue.main.async(execute: work)
        }
    }
}

/// A completion reaches the main queue in one hop from the thread its request finished on, and a caller that cancelled
/// first never hears it.
struct OneHopDeliveryTests {
    @Test func aRequestsResultReachesTheMainQueueInOneHop() async {
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([1, 2])) }
        let counter = CountingHop()
        let client = makeClient(server)
        let manager = QuestionsDataManager(client: client, hop: counter.hop)
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        // No queue between the operation and the main queue: its handler runs where the request finished.
        let operations = client.queues.userQueue.operations.compactMap { $0 as? QuestionsRetrievalOperation }
        #expect(operations.count == 1)
        #expect(operations.allSatisfy { $0.completionQueue == nil })
        server.releaseHeld()
        #expect(await eventually { recorder.count == 1 })
        #expect(recorder.allOnMain)
        #expect(recorder.value()?.items.map(\.id) == [1, 2])
        #expect(counter.hops == 1, "from the thread the request finished on straight to main, once")
        #expect(server.requestCount == 1)
    }

    /// A prefetch the person asked for meanwhile (raised through its handle) is still delivered in one hop, once.
    @Test func aRaisedRequestsResultReachesTheMainQueueInOneHop() async throws {
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([3])) }
        let counter = CountingHop()
        let manager = QuestionsDataManager(client: makeClient(server), hop: counter.hop)
        let recorder = Recorder<Page<Question>>()
        let handle = manager.questions(QuestionsQuery(), page: 2, priority: .background, completion: recorder.completion)
        #expect(await eventually { server.heldCount == 1 })
        try #require(handle as? any PriorityRaising).raiseToUserPriority()
        server.releaseHeld()
        #expect(await eventually { recorder.count == 1 })
        await drainMainQueue()
        #expect(recorder.count == 1 && recorder.allOnMain)
        #expect(counter.hops == 1)
        #expect(server.requestCount == 1)
    }

    /// A cancel on the main queue wins over a result already on its way there.
    @Test @MainActor func aCancelOnTheMainQueueBeforeTheHopRunsWins() async {
        let recorder = Recorder<Int>()
        let delivery = PendingDelivery<Int>(recorder.completion)
        delivery.deliver(.success(1))
        delivery.cancel()
        await drainMainQueue()
        #expect(recorder.count == 0)
    }
}
