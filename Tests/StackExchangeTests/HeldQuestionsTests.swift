import Operations
import Synchronization
import Testing
@testable import StackExchange

/// `HeldQuestionsDataManager`: nothing is asked of the network while held; release asks in order; a handle's cancel or
/// raise before then reaches the request, or keeps it from being made.
struct HeldQuestionsTests {
    /// The network as a list of what it was asked, with handles that remember being cancelled or raised.
    final class RecordingNetwork: QuestionsDataManaging {
        final class Handle: PriorityRaising {
            let page: Int
            private let state = Mutex((cancelled: false, raised: false))
            init(page: Int) { self.page = page }
            func cancel() { state.withLock { $0.cancelled = true } }
            func raiseToUserPriority() { state.withLock { $0.raised = true } }
            var cancelled: Bool { state.withLock { $0.cancelled } }
            var raised: Bool { state.withLock { $0.raised } }
        }

        private let made = Mutex<[Handle]>([])
        var handles: [Handle] { made.withLock { $0 } }

        func questions(
            _ query: QuestionsQuery, page: Int, priority: RequestPriority,
            completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
        ) -> any Cancellable {
            let handle = Handle(page: page)
            made.withLock { $0.append(handle) }
            return handle
        }
    }

    @Test func callsWaitForTheReleaseAndAreMadeInTheOrderAsked() {
        let network = RecordingNetwork()
        let held = HeldQuestionsDataManager(network: network)
        held.questions(QuestionsQuery(), page: 1, priority: .user) { _ in }
        held.questions(QuestionsQuery(), page: 2, priority: .background) { _ in }
        #expect(network.handles.isEmpty)
        #expect(held.heldCount == 2)
        held.release()
        #expect(network.handles.map(\.page) == [1, 2])
        #expect(held.heldCount == 0)
        // Once released, a call goes straight through.
        held.questions(QuestionsQuery(), page: 3, priority: .user) { _ in }
        #expect(network.handles.map(\.page) == [1, 2, 3])
    }

    @Test func aCallCancelledWhileHeldIsNeverMade() {
        let network = RecordingNetwork()
        let held = HeldQuestionsDataManager(network: network)
        let cancelled = held.questions(QuestionsQuery(), page: 1, priority: .user) { _ in }
        held.questions(QuestionsQuery(), page: 2, priority: .user) { _ in }
        cancelled.cancel()
        held.release()
        #expect(network.handles.map(\.page) == [2])
        #expect(network.handles.allSatisfy { !$0.cancelled })
    }

    @Test func aRaiseWhileHeldRaisesTheRequestAsItIsMade() throws {
        let network = RecordingNetwork()
        let held = HeldQuestionsDataManager(network: network)
        let prefetch = held.questions(QuestionsQuery(), page: 2, priority: .background) { _ in }
        try #require(prefetch as? any PriorityRaising).raiseToUserPriority()
        held.release()
        #expect(network.handles.first?.raised == true)
    }

    @Test func aHandleAfterTheReleaseReachesItsRequest() throws {
        let network = RecordingNetwork()
        let held = HeldQuestionsDataManager(network: network)
        let handle = held.questions(QuestionsQuery(), page: 1, priority: .background) { _ in }
        held.release()
        try #require(handle as? any PriorityRaising).raiseToUserPriority()
        handle.cancel()
        #expect(network.handles.first?.raised == true)
        #expect(network.handles.first?.cancelled == true)
    }
}
