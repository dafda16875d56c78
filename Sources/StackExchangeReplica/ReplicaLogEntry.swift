/// One request as the replica saw it end: answered with a status, or abandoned by its client.
public struct ReplicaLogEntry: Sendable, Codable, Hashable {
    public var path: String
    /// The query parameters, with any `key` masked.
    public var query: [String: String]
    /// The status sent; nil when nothing was sent.
    public var status: Int?
    /// True when the client closed the connection before the response was sent (for a body dribbled out over
    /// time, before its last byte).
    public var hungUp: Bool
    /// Time from the request's arrival to its end: the response sent, or the client's close.
    public var milliseconds: Int
    /// For a body dribbled out over time (`SlowPicturePace`): the body's bytes sent before its end, all of them
    /// when it was sent whole. Nil for a body sent at once.
    public var bodyBytesSent: Int?
    /// For a body dribbled out over time: the body's whole length.
    public var bodyLength: Int?

    public init(
        path: String, query: [String: String], status: Int?, hungUp: Bool, milliseconds: Int, bodyBytesSent: Int? = nil,
        bodyLength: Int? = nil
    ) {
        self.path = path
        self.query = query
        self.status = status
        self.hungUp = hungUp
        self.milliseconds = milliseconds
        self.bodyBytesSent = bodyBytesSent
        self.bodyLength = bodyLength
    }

    /// Whether the client closed the connection while the body was still being dribbled out.
    public var closedBeforeBodyEnded: Bool {
        guard let bodyBytesSent, let bodyLength else { return false }
        return hungUp && bodyBytesSent < bodyLength
    }

    enum CodingKeys: String, CodingKey {
        case path, query, status
        case hungUp = "hung_up"
        case milliseconds = "ms"
        case bodyBytesSent = "body_sent"
        case bodyLength = "body_length"
    }
}
