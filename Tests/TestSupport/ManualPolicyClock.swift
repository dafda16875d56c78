public import Foundation
public import StackExchange
import Synchronization

/// A clock that moves only when told to: timers fire inside `advance(by:)`, in deadline order.
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

    /// Moves time forward by `seconds`, firing every timer that falls due, each at its own deadline.
    public func advance(by seconds: TimeInterval) {
        let end = now().addingTimeInterval(seconds)
        while let timer = popDue(before: end) { timer.work() }
        state.withLock { $0.now = max($0.now, end) }
    }

    /// Removes and returns the earliest timer due by `end`, with the clock moved to its deadline.
    private func popDue(before end: Date) -> Timer? {
        state.withLock { state in
            guard let index = state.timers.indices.filter({ state.timers[$0].deadline <= end })
                .min(by: { (state.timers[$0].deadline, state.timers[$0].order) < (state.timers[$1].deadline, state.timers[$1].order) })
            else { return nil }
            let timer = state.timers.remove(at: index)
            state.now = max(state.now, timer.deadline)
            return timer
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
