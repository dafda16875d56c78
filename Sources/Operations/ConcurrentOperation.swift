public import Foundation
import Synchronization

/// An asynchronous `Operation` with one lock-guarded state, a readiness gate and an exactly-once completion.
///
/// Subclasses override `execute()` to start their work (a network task, say) and call `complete(_:)` when
/// it ends; they override `cancelWork()` to stop it. The state moves ready → executing → finished once, whatever
/// the order or the threads of `start()`, `cancel()`, `complete(_:)` and `finish()`:
/// - cancelled before `start()`: the queue's `start()` finishes at once, without running `execute()` (the
///   published designs this follows jam the queue in exactly that case);
/// - `cancel()` while executing: `cancelWork()` runs and the operation finishes; the completion never runs;
/// - `complete(_:)` delivers the result to the completion handler once, on `completionQueue` (or, with none, on
///   the thread that completed the work), and finishes.
///
/// `isReady` is `super.isReady` (dependencies) and the readiness gate: a closed gate keeps the operation in its
/// queue without occupying a slot (the data managers close it while the API asks for `backoff`). A cancelled
/// operation is always ready, so the queue can start it and let it finish.
///
/// Every change of `isReady`, `isExecuting` and `isFinished` is announced with `willChangeValue`/
/// `didChangeValue`, which is what Linux's `OperationQueue` observes. The notifications are sent outside the lock.
open class ConcurrentOperation<Success: Sendable>: Operation, @unchecked Sendable {
    // @unchecked Sendable: every mutable field lives in `state`, a Mutex; `Operation` itself is thread-safe.

    /// Receives the result, once, on `completionQueue` (with none, on the completing thread); never after cancellation.
    public typealias CompletionHandler = @Sendable (Result<Success, any Error>) -> Void

    /// Where an operation is in its life.
    public enum Phase: Sendable, Equatable {
        case ready, executing, finished
    }

    private struct State {
        var phase: Phase = .ready
        var gateOpen = true
        var resultDelivered = false
        /// Set by `cancel()` whatever the phase (Operation ignores a cancel after finishing; delivery must not).
        var cancelRequested = false
        var handler: CompletionHandler?
        /// Told once, on the first `cancel()`, whoever called it (a caller, a group, `cancelAll`).
        var cancellationHandler: (@Sendable () -> Void)?
    }

    private let state: Mutex<State>
    /// The queue the completion handler runs on; nil runs it on the thread that completed the work, for owners that
    /// take the result to the main queue themselves (the data managers' one hop: `PendingDelivery`), so that no
    /// queue in between adds a hop that does nothing.
    public let completionQueue: DispatchQueue?

    /// Makes an operation named `name` (for debugging and traces) whose handler runs on `completionQueue` (nil: on
    /// the completing thread).
    public init(name: String, completionQueue: DispatchQueue? = .main, completion: CompletionHandler? = nil) {
        self.state = Mutex(State(handler: completion))
        self.completionQueue = completionQueue
        super.init()
        self.name = name
    }

    /// Sets or replaces the completion handler; it has no effect once the result was delivered.
    public func setCompletionHandler(_ handler: @escaping CompletionHandler) {
        state.withLock { if !$0.resultDelivered { $0.handler = handler } }
    }

    /// Sets what runs once on the first `cancel()`, from whichever thread cancels; runs at once if already cancelled.
    ///
    /// Owners waiting for an operation (a data manager's caller) learn this way that it was cancelled from outside,
    /// since a cancelled operation never calls its completion handler.
    public func setCancellationHandler(_ handler: @escaping @Sendable () -> Void) {
        let alreadyCancelled = state.withLock { inner -> Bool in
            if inner.cancelRequested { return true }
            inner.cancellationHandler = handler
            return false
        }
        if alreadyCancelled { handler() }
    }

    // MARK: Operation state

    open override var isAsynchronous: Bool { true }
    open override var isExecuting: Bool { state.withLock { $0.phase == .executing } }
    open override var isFinished: Bool { state.withLock { $0.phase == .finished } }
    open override var isReady: Bool {
        let (cancelled, gateOpen) = state.withLock { ($0.cancelRequested, $0.gateOpen) }
        if cancelled { return true }
        return gateOpen && super.isReady
    }

    /// The current phase, for tests and diagnostics.
    public var phase: Phase { state.withLock { $0.phase } }

    /// True while the readiness gate is open.
    public var isGateOpen: Bool { state.withLock { $0.gateOpen } }

    /// Opens or closes the readiness gate; closing it after the operation started has no effect on the run.
    public func setGate(open: Bool) {
        let changed = state.withLock { inner -> Bool in
            guard inner.gateOpen != open else { return false }
            inner.gateOpen = open
            return true
        }
        guard changed else { return }
        willChangeValue(forKey: "isReady")
        didChangeValue(forKey: "isReady")
    }

    // MARK: Life cycle

    open override func start() {
        let begin = state.withLock { inner -> Bool in
            guard inner.phase == .ready, !inner.cancelRequested else { return false }
            inner.phase = .executing
            return true
        }
        guard begin else {
            // Cancelled before it started (or started twice): finish without running the work.
            finish()
            return
        }
        willChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isExecuting")
        // A cancel() after the critical section above has already called cancelWork() and finished us.
        if isCancelRequested { return }
        execute()
    }

    /// Starts the work. Subclasses override it and eventually call `complete(_:)` (or `finish()`).
    open func execute() {
        complete(.failure(CancellationError()))
    }

    /// Stops the work in flight (cancels a network task, say). Called once, from `cancel()`, maybe on any thread.
    open func cancelWork() {}

    open override func cancel() {
        // One critical section decides both "first cancel" and "was it running", so a racing start() either
        // sees the cancel (and finishes without working) or has already moved to executing (and we stop it).
        let (isFirst, wasExecuting, cancellationHandler) = state.withLock { inner -> (Bool, Bool, (@Sendable () -> Void)?) in
            let isFirst = !inner.cancelRequested
            inner.cancelRequested = true
            if isFirst { inner.handler = nil }
            let cancellationHandler = inner.cancellationHandler
            inner.cancellationHandler = nil
            return (isFirst, inner.phase == .executing, cancellationHandler)
        }
        super.cancel()
        cancellationHandler?()
        // A cancelled operation is ready whatever its gate says, so its queue can start it and let it finish.
        willChangeValue(forKey: "isReady")
        didChangeValue(forKey: "isReady")
        guard isFirst, wasExecuting else { return }
        cancelWork()
        finish()
    }

    /// True once `cancel()` was called, even after the operation finished.
    public var isCancelRequested: Bool { state.withLock { $0.cancelRequested } }

    /// Delivers `result` to the completion handler once, on `completionQueue` (or on this thread), and finishes.
    ///
    /// Does nothing after cancellation or a first call: the handler runs at most once, and never for a
    /// cancelled operation.
    public final func complete(_ result: Result<Success, any Error>) {
        let handler = state.withLock { inner -> CompletionHandler? in
            guard !inner.resultDelivered else { return nil }
            inner.resultDelivered = true
            let handler = inner.handler
            inner.handler = nil
            return handler
        }
        if let handler, !isCancelRequested {
            if let completionQueue {
                // Checked again on the completion queue: a cancel() issued there before this block runs wins.
                completionQueue.async { [self] in
                    if !state.withLock({ $0.cancelRequested }) { handler(result) }
                }
            } else {
                handler(result)
            }
        }
        finish()
    }

    /// Moves to finished, once; later calls do nothing.
    public final func finish() {
        let transition = state.withLock { inner -> (wasExecuting: Bool, changed: Bool) in
            guard inner.phase != .finished else { return (false, false) }
            let wasExecuting = inner.phase == .executing
            inner.phase = .finished
            inner.handler = nil
            return (wasExecuting, true)
        }
        guard transition.changed else { return }
        willChangeValue(forKey: "isFinished")
        if transition.wasExecuting { willChangeValue(forKey: "isExecuting") }
        if transition.wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
    }
}
