public import Foundation

/// The time the request policy reads and the timers it sets: the wall clock in the app, a manual one in tests.
///
/// A protocol of our own rather than swift-clocks' `TestClock`: the policy waits with Dispatch timers from
/// the transport's completion threads (no async context to `sleep` in), and it needs calendar time (the quota resets
/// at midnight UTC), which a `Clock`'s instants do not give.
public protocol PolicyClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Runs `work` once `delay` seconds have passed (at once for a delay of 0 or less), on any thread.
    func schedule(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void)
}

/// The real clock: `Date()` and Dispatch timers.
public struct SystemPolicyClock: PolicyClock {
    public init() {}

    public func now() -> Date { Date() }

    public func schedule(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + max(0, delay), execute: work)
    }
}
