/// One request as the replica saw it end: answered with a status, or abandoned by its client.
public struct ReplicaLogEntry: Sendable, Codable, Hashable {
    public var path: String
    /// The query parameters, with any `key` masked.
    public var query: [String: String]
    /// The status sent; nil when nothing was sent.
    public var status: Int?
    /// True when the client closed the connection before the response was sent.
    public var hungUp: Bool
    /// Time from the request's arrival to its end.
    public var milliseconds: Int

    public init(path: String, query: [String: String], status: Int?, hungUp: Bool, milliseconds: Int) {
        self.path = path
        self.query = query
        self.status = status
        self.hungUp = hungUp
        self.milliseconds = milliseconds
    }

    enum CodingKeys: String, CodingKey {
        case path, query, status
        case hungUp = "hung_up"
        case milliseconds = "ms"
    }
}
