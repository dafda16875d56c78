import Foundation
import StackExchange

extension BrowserController {
    /// Remembers what a failure says about the API as a whole: a throttle shows as a countdown in the status
    /// bar (in place of its fixed message) until it ends.
    func noteAPIFailure(_ error: APIError) {
        guard case .throttled(let until) = error else { return }
        state.throttledUntil = until
        if state.lastError == error.message { state.lastError = nil }
    }

    /// True while the status bar counts a throttle down (it then redraws every tick).
    var isThrottleCountingDown: Bool {
        guard let until = state.throttledUntil else { return false }
        return until > clock()
    }
}
