import Foundation
public import Operations
import Synchronization

/// One caller's completion, delivered once on the main queue unless the caller cancelled first.
///
/// Cancellation is checked again on the main queue just before running, so a `cancel()` made on the main
/// queue before the delivery block runs always wins.
public final class PendingDelivery<Value: Sendable>: Cancellable {
    /// What the caller gets, on the main actor.
    public typealias Completion = @MainActor @Sendable (Result<Value, APIError>) -> Void

    private let completion: Mutex<Completion?>

    public init(_ completion: @escaping Completion) {
        self.completion = Mutex(completion)
    }

    /// Withdraws the caller: the completion will not run.
    public func cancel() {
        completion.withLock { $0 = nil }
    }

    /// Runs the completion with `result` on the main queue, once, unless cancelled by then.
    public func deliver(_ result: Result<Value, APIError>) {
        DispatchQueue.main.async {
            let completion = self.completion.withLock { current -> Completion? in
                defer { current = nil }
                return current
            }
            guard let completion else { return }
            MainActor.assumeIsolated { completion(result) }
        }
    }
}
