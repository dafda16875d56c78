public import Operations

/// One caller's request in flight: the operation that fetches it and the delivery of its result, in one hop to the
/// main queue.
///
/// The operation is this caller's alone: no data manager joins identical requests (the browser's `RequestLedger` does,
/// before they reach one). `cancel()` withdraws the caller, so its completion never runs, even with the result on its
/// way, and cancels the operation and with it the transport's task. An operation cancelled from outside (`cancelAll`,
/// a group) tells the caller `.cancelled`. `raiseToUserPriority()` moves a prefetch the person asked for to the user
/// lane, where the operation can be raised.
public final class OperationHandle<Value: Sendable>: PriorityRaising {
    private let operation: any Cancellable
    private let delivery: PendingDelivery<Value>
    private let raise: (@Sendable () -> Void)?

    /// The handle of `operation`, already enqueued, whose result goes to `delivery`; `raise` moves it to user priority.
    /// An operation cancelled from outside must deliver `.cancelled` (its cancellation handler), since it never completes.
    init(operation: any Cancellable, delivery: PendingDelivery<Value>, raise: (@Sendable () -> Void)? = nil) {
        self.operation = operation
        self.delivery = delivery
        self.raise = raise
    }

    public func cancel() {
        delivery.cancel()
        operation.cancel()
    }

    public func raiseToUserPriority() {
        raise?()
    }
}
