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

/// The callers' indices in the order their completions ran.
final class CallOrder: Sendable {
    private let indices = Mutex<[Int]>([])
    func record(_ index: Int) { indices.withLock { $0.append(index) } }
    var all: [Int] { indices.withLock { $0 } }
}

/// A completion reaches the main queue in one hop, and the callers of a shared request hear it in the order
/// they joined.
struct OneHopDeliveryTests {
    /// Joins `count` callers to one request under `coalescer`, each recording its index into `order`; returns
    /// their handles and the function that delivers the shared result.
    func joined(_ count: Int, to coalescer: RequestCoalescer<Int>, order: CallOrder)
        -> ([any Cancellable], @Sendable (Result<Int, APIError>) -> Void)
    {
        let delivery = Mutex<(@Sendable (Result<Int, APIError>) -> Void)?>(nil)
        var handles: [any Cancellable] = []
        for index in 0..<count {
            handles.append(coalescer.join(key: "shared", completion: { (_: Result<Int, APIError>) in order.record(index) }) { deliver in
                delivery.withLock { $0 = deliver }
                return CancelAction {}
            } schedule: { _ in })
        }
        let deliver = delivery.withLock { $0 }!
        return (handles, deliver)
    }

    @Test func coalescedCallersAreCalledInTheOrderTheyJoined() async {
        let coalescer = RequestCoalescer<Int>()
        let order = CallOrder()
        let (handles, deliver) = joined(16, to: coalescer, order: order)
        // A caller that withdrew is skipped; the others keep their order.
        handles[5].cancel()
        deliver(Result<Int, APIError>.success(1))
        #expect(await eventually { order.all.count == 15 })
        #expect(order.all == Array(0..<16).filter { $0 != 5 })
    }

    @Test func everyCallerOfASharedResultHearsItInOneHop() async {
        let counter = CountingHop()
        let coalescer = RequestCoalescer<Int>(hop: counter.hop)
        let order = CallOrder()
        let (_, deliver) = joined(4, to: coalescer, order: order)
        deliver(Result<Int, APIError>.success(1))
        #expect(await eventually { order.all.count == 4 })
        #expect(counter.hops == 1, "one dispatch to the main queue for the four callers")
    }

    @Test func aRequestsResultReachesTheMainQueueInOneHop() async {
        let server = StubServer { _, _ in .hold(status: 200, body: Body.questions([1, 2])) }
        let counter = CountingHop()
        let client = makeClient(server)
        let manager = QuestionsDataManager(client: client, hop: counter.hop)
        let recorder = Recorder<Page<Question>>()
        for _ in 0..<3 { manager.questions(QuestionsQuery(), page: 1, priority: .user, completion: recorder.completion) }
        #expect(await eventually { server.heldCount == 1 })
        // No queue between the operation and the main queue: its handler runs where the request finished.
        let operations = client.queues.userQueue.operations.compactMap { $0 as? QuestionsRetrievalOperation }
        #expect(operations.count == 1)
        #expect(operations.allSatisfy { $0.completionQueue == nil })
        server.releaseHeld()
        #expect(await eventually { recorder.count == 3 })
        #expect(recorder.allOnMain)
        #expect(counter.hops == 1, "from the thread the request finished on straight to main, once for the three callers")
        #expect(server.requestCount == 1)
    }
}
