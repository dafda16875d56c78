/// The API's error answer: `{"error_id": 502, "error_name": "throttle_violation", "error_message": "…"}`.
public struct ErrorBody: Decodable, Sendable, Equatable {
    public var id: Int
    public var name: String
    public var message: String

    public init(id: Int, name: String, message: String) {
        self.id = id
        self.name = name
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case id = "error_id"
        case name = "error_name"
        case message = "error_message"
    }

    /// As an `APIError.stackExchange`, with the name and message made safe for a terminal.
    public var apiError: APIError {
        .stackExchange(id: id, name: PlainText.decode(name), message: PlainText.decode(message))
    }

    /// The `error_id` of `throttle_violation`: too many requests, or a `backoff` was ignored.
    public static let throttleViolationID = 502

    /// True for a `throttle_violation`.
    public var isThrottleViolation: Bool { id == Self.throttleViolationID }

    /// The `error_id`s worth another try: 500 (internal_error) and 503 (temporarily_unavailable).
    public static let transientIDs: Set<Int> = [500, 503]

    /// `error_id` 500 (internal_error) and 503 (temporarily_unavailable) are worth another try.
    public var isTransient: Bool { Self.transientIDs.contains(id) }
}
