import Foundation

/// A Stack Exchange error as the API sends it: HTTP 400 with `error_id`, `error_name` and `error_message`.
struct APIFailure: Error, Sendable, Hashable {
    var id: Int
    var name: String
    var message: String

    static func badParameter(_ message: String) -> APIFailure {
        APIFailure(id: 400, name: "bad_parameter", message: message)
    }

    static let pageAboveLimit = APIFailure(
        id: 403, name: "access_denied", message: "page above 25 requires access token or app key")

    static func noMethod(_ path: String) -> APIFailure {
        APIFailure(id: 404, name: "no_method", message: "no method found with this name: \(path)")
    }

    static let quotaExhausted = APIFailure(
        id: 502, name: "throttle_violation",
        message: "too many requests from this IP, more requests available in 86400 seconds")

    static func backoffViolated(secondsLeft: Int) -> APIFailure {
        APIFailure(
            id: 502, name: "throttle_violation",
            message: "violation of backoff parameter, more requests available in \(secondsLeft) seconds")
    }

    var response: APIResponse {
        let object: [String: Any] = ["error_id": id, "error_name": name, "error_message": message]
        // A dictionary of strings and integers always serializes; an empty body would still be a valid 400.
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return APIResponse(status: 400, body: body)
    }
}
