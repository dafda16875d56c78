import Foundation
import Operations

/// Keeps an operation not-ready until a deadline: closes its readiness gate now and opens it with a timer on
/// the client's clock when the deadline passes, so the queue holds it without spending a slot on it.
enum BackoffGate {
    /// Closes `operation`'s gate until `deadline` on `clock` (does nothing for a deadline already past).
    static func hold<Success>(_ operation: ConcurrentOperation<Success>, until deadline: Date, clock: any PolicyClock) {
        let wait = deadline.timeIntervalSince(clock.now())
        guard wait > 0 else { return }
        operation.setGate(open: false)
        clock.schedule(after: wait) { [weak operation] in
            operation?.setGate(open: true)
        }
    }
}
