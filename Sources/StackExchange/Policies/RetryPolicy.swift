public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When a failed request is tried again: transient failures only, at most `maxAttempts` tries in all, waiting
/// `baseDelay`, then twice that, and so on between tries. The waiting itself is on the client's `PolicyClock`.
///
/// Transient: a timeout, a lost or refused connection, no network, an HTTP 5xx without an API error body, and
/// the API's `error_id` 500 (internal_error) and 503 (temporarily_unavailable). Never retried: other 4xx, every
/// other API error, and above all `error_id` 502 (throttle_violation), which retrying would only prolong.
public struct RetryPolicy: Sendable, Hashable {
    /// Tries in all, the first included.
    public var maxAttempts: Int
    /// The wait before the second try; each later wait doubles it.
    public var baseDelay: TimeInterval

    /// Three tries, 0.5 s then 1 s apart.
    public static let standard = RetryPolicy(maxAttempts: 3, baseDelay: 0.5)

    public init(maxAttempts: Int = 3, baseDelay: TimeInterval = 0.5) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
    }

    /// The wait before try `attempt + 1` when try `attempt` (1-based) failed with `error`, or nil to give up.
    public func delay(after attempt: Int, failedWith error: APIError) -> TimeInterval? {
        guard attempt < maxAttempts, Self.isTransient(error) else { return nil }
        return baseDelay * pow(2, Double(attempt - 1))
    }

    /// True for the failures worth another try (`APIError.isTransient`).
    public static func isTransient(_ error: APIError) -> Bool {
        error.isTransient && !error.isThrottleViolation
    }
}
