import Foundation

/// What the policy needs from every response, read before anything else is decoded: the two wrapper fields,
/// and the message of a `throttle_violation`.
///
/// Read on their own so that a page whose items fail to decode, or an answer nobody waits for any more,
/// still tells the client to back off and how much quota is left.
struct PolicyFields: Equatable {
    var backoff: Int?
    var quotaRemaining: Int?
    /// The `error_message` of a `throttle_violation` body, which says how long to wait and whom it holds.
    var throttleMessage: String?

    /// The fields of `body` (inflated first when it is gzip); nil when it is not a JSON object.
    static func read(_ body: Data) -> PolicyFields? {
        guard let data = GzipBody.decompressedIfNeeded(body) else { return nil }
        // Each field on its own, not a Decodable wrapper: a mistyped item or field must not hide the other.
        // A body that is not JSON is an ordinary case here (an HTML error page), not a failure to report.
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        let isThrottle = object["error_id"] as? Int == ErrorBody.throttleViolationID
        return PolicyFields(
            backoff: object["backoff"] as? Int, quotaRemaining: object["quota_remaining"] as? Int,
            throttleMessage: isThrottle ? (object["error_message"] as? String ?? "") : nil)
    }
}
