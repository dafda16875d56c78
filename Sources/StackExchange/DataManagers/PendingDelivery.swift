import Foundation
public import Operations
import Synchronization

/// One caller's completion, delivered once on the main queue unless the caller cancelled first.
///
/// Cancellation is checked again on the main queue just before running, so a `cancel()` made on the main
/// queue before the delivery block runs always wins. The result reaches the main queue in one hop from the thread
/// that delivers it (`MainQueueHop`).
public final class PendingDelivery<Value: Sendable>: Cancellable {
    /// What the caller gets, on the main actor.
    public typealias Completion = @MainActor @Sendable (Result<Value, APIError>) -> Void

    private let completion: Mutex<Completion?>
    private let hop: MainQueueHop

    public init(_ completion: @escaping Completion, hop: MainQueueHop = .mainQueue) {
        self.completion = Mutex(completion)
        self.hop = hop
    }

    /// Withdraws the caller: the completion will not run.
    public func cancel() {
        completion.withLock { $0 = nil }
    }

    /// Runs the completion with `result` on the main queue, once, unless cancelled by then.
    public func deliver(_ result: Result<Value, APIError>) {
        hop {
            MainActor.assumeIsolated { self.run(result) }
        }
    }

    /// Takes the completion (so it runs once) and runs it, unless the caller cancelled.
    @MainActor
    private func run(_ result: Result<Value, APIError>) {
        let completion = completion.withLock { current -> Completion? in
            defer { current = nil }
            return current
        }
        completion?(result)
    }
}
