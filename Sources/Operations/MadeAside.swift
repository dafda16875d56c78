public import Dispatch

/// A value made on another thread as soon as it is asked for, for one thread to take when it needs it: that thread
/// waits only if it gets there before the value is made.
///
/// For a launch's work that the first frame needs the result of but not the making of on the main thread (the store's
/// open, a question to tmux): another core does it meanwhile. The value is taken on one thread only (`value`, or
/// `whenMade`'s queue), which is what makes the plain stored properties below safe.
public final class MadeAside<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `made` is written once, on the making thread, before `ready` is left; `taken` is read and
    // written on the taking thread only, after the wait on `ready` that orders it after that write.
    private let ready = DispatchGroup()
    private var made: Value?
    private var taken: Value?

    /// Starts making the value with `make` on a thread of its own (`LaunchThread`).
    public init(_ make: @escaping @Sendable () -> Value) {
        ready.enter()
        LaunchThread.start { [self] in
            made = make()
            ready.leave()
        }
    }

    /// A value already made.
    public init(made value: Value) {
        taken = value
    }

    /// The value, once made (waiting for it if it is not yet). One thread only.
    public var value: Value {
        if let taken { return taken }
        ready.wait()
        taken = made
        return made!
    }

    /// Runs `body` on `queue` with the value once it is made, without waiting for it here; `queue`'s thread is then
    /// the one that takes it.
    public func whenMade(on queue: DispatchQueue, _ body: @escaping @Sendable (Value) -> Void) {
        if let taken { return queue.async { body(taken) } }
        ready.notify(queue: queue) { [self] in body(value) }
    }
}
