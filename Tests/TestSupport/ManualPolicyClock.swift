public import Foundation
public import StackExchange
import Synchronization

/// A clock that moves only when told to: `advance(by:)` fires the timers that fall due, in deadline order.
///
/// For tests of backoff, retries, quota, the rate limit and throttling: they run in milliseconds, with no
/// sleeps, and each step of time is explicit. Lives in TestSupport so every test target uses the same one.
public final class ManualPolicyClock: PolicyClock {
    private struct Timer {
        var deadline: Date
        var order: Int
        var work: @Sendable () -> Void
    }

    private struct State {
        var now: Date
        var timers: [Timer] = []
        var lastOrder = 0
    }

    private let state: Mutex<State>
    /// Where fired timers run, one after another in deadline order.
    private let firing = DispatchQueue(label: "stackterm.manual-clock")

    /// A clock reading `start` (by default a fixed moment, 2026-11-23 12:00 UTC).
    public init(start: Date = Date(timeIntervalSince1970: 1_795_435_200)) {
        state = Mutex(State(now: start))
    }

    public func now() -> Date { state.withLock { $0.now } }

    public func schedule(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.lastOrder += 1
            state.timers.append(Timer(deadline: state.now.addingTimeInterval(max(0, delay)), order: state.lastOrder, work: work))
        }
    }

    /// Timers not fired yet (a test can wait for a request to start waiting on one).
    public var pendingTimerCount: Int { state.withLock { $0.timers.count } }

    /// The earliest deadline of a timer not fired yet.
    public var nextDeadline: Date? { state.withLock { $0.timers.map(\.deadline).min() } }

    /// Moves time forward by `seconds` and fires every timer that falls due, in deadline order.
    ///
    /// The timers run on a serial dispatch queue, as the system clock's run on a global one, never on the
    /// caller's thread: a test's task must not block a thread of the concurrency pool inside URLSession.
    /// A timer set by a fired one (a retry after a retry) waits for the next `advance`.
    public func advance(by seconds: TimeInterval) {
        let due = state.withLock { state -> [Timer] in
            let end = state.now.addingTimeInterval(max(0, seconds))
            let due = state.timers.filter { $0.deadline <= end }
                .sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
            state.timers.removeAll { $0.deadline <= end }
            state.now = end
            return due
        }
        for timer in due { firing.async(execute: timer.work) }
    }

    /// Returns once every timer fired so far has run.
    public func settled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            firing.async { continuation.resume() }
        }
    }
}

extension ManualPolicyClock {
    /// Waits (polling, with `eventually`'s deadline) until at least `count` timers are pending, then advances
    /// by `seconds`; returns whether the timers appeared. For a step that first has to start waiting.
    public func advanceOnceWaiting(for count: Int = 1, by seconds: TimeInterval) async -> Bool {
        let appeared = await eventually { pendingTimerCount >= count }
        advance(by: seconds)
        return appeared
    }
}
