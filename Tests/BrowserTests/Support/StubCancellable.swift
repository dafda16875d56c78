import Operations
import Synchronization

/// A cancellable that remembers whether it was cancelled.
final class StubCancellable: Cancellable {
    private let state = Mutex(false)

    var isCancelled: Bool { state.withLock { $0 } }

    func cancel() { state.withLock { $0 = true } }
}
