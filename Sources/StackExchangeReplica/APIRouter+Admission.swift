import Foundation

extension APIRouter {
    /// Whether a request of `method` is served: its quota left and backoff, or the API's refusal as it words it.
    enum Admission {
        case admitted(quotaRemaining: Int, backoff: Int?)
        case refused(APIResponse)
    }

    /// Counts a request of `method` against the backoff, the quota and the IP throttle (`ReplicaState.admit`),
    /// for reads and account methods alike.
    func admit(method: String, now: Date) -> Admission {
        switch state.admit(method: method, now: now) {
        case .backoffViolation:
            // The API's own words (a captured body): they say no number of seconds, so a client that forgot the
            // backoff cannot tell how long to wait.
            .refused(.error(id: 502, name: "throttle_violation", message: "Violation of backoff parameter"))
        case .quotaExhausted(let seconds), .ipThrottled(let seconds):
            .refused(.ipThrottle(seconds: seconds))
        case .admitted(let quotaRemaining, let backoff):
            .admitted(quotaRemaining: quotaRemaining, backoff: backoff)
        }
    }
}
