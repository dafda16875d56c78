import Synchronization

/// A `Cancellable` that runs a closure once, on the first `cancel()`.
public final class CancelAction: Cancellable {
    private let action: Mutex<(@Sendable () -> Void)?>

    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = Mutex(action)
    }

    public func cancel() {
        let run = action.withLock { current -> (@Sendable () -> Void)? in
            defer { current = nil }
            return current
        }
        run?()
    }

    /// True once `cancel()` ran.
    public var isCancelled: Bool { action.withLock { $0 == nil } }
}
