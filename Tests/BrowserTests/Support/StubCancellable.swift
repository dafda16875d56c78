import Operations
import Synchronization

/// A request's handle that remembers whether it was cancelled, and how often it was raised to the user lane.
final class StubCancellable: PriorityRaising {
    private let state = Mutex((cancelled: false, raises: 0))

    var isCancelled: Bool { state.withLock { $0.cancelled } }
    /// How many times the runner raised the request through this handle.
    var raises: Int { state.withLock { $0.raises } }

    func cancel() { state.withLock { $0.cancelled = true } }

    func raiseToUserPriority() { state.withLock { $0.raises += 1 } }
}
