import Foundation
import Operations

/// Keeps an operation not-ready until a deadline: closes its readiness gate now and opens it with a
/// DispatchSource timer when the deadline passes, so the queue holds it without spending a slot on it.
enum BackoffGate {
    /// Closes `operation`'s gate until `deadline` (does nothing for a deadline already past).
    static func hold<Success>(_ operation: ConcurrentOperation<Success>, until deadline: Date) {
        let wait = deadline.timeIntervalSinceNow
        guard wait > 0 else { return }
        operation.setGate(open: false)
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + wait, leeway: .milliseconds(5))
        // The handler holds the timer until it fires once, then releases it by cancelling.
        timer.setEventHandler { [weak operation] in
            operation?.setGate(open: true)
            timer.cancel()
        }
        timer.resume()
    }
}
