import Foundation

/// The two wrapper fields the policy needs from every response, read before anything else is decoded.
///
/// Read on their own so that a page whose items fail to decode, or an answer nobody waits for any more,
/// still tells the client to back off and how much quota is left.
struct PolicyFields: Equatable {
    var backoff: Int?
    var quotaRemaining: Int?

    /// The fields of `body` (inflated first when it is gzip); nil when it is not a JSON object.
    static func read(_ body: Data) -> PolicyFields? {
        guard let data = GzipBody.decompressedIfNeeded(body) else { return nil }
        // Each field on its own, not a Decodable wrapper: a mistyped item or field must not hide the other.
        // A body that is not JSON is an ordinary case here (an HTML error page), not a failure to report.
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return PolicyFields(backoff: object["backoff"] as? Int, quotaRemaining: object["quota_remaining"] as? Int)
    }
}
