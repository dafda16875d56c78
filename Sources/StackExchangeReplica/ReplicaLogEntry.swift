/// One request as the replica saw it, recorded when the request ended.
public struct ReplicaLogEntry: Sendable, Codable, Hashable {
    public var path: String
    public var query: [String: String]
    /// The HTTP status sent; nil when no response was sent.
    public var status: Int?
    /// True when the client closed the connection before the response was sent.
    public var hungUp: Bool
    /// From the request head arriving to the response being sent (or the hang-up).
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

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(query, forKey: .query)
        // The log always has a "status" key so a reader can tell "no response" from "field missing".
        try container.encode(status, forKey: .status)
        try container.encode(hungUp, forKey: .hungUp)
        try container.encode(milliseconds, forKey: .milliseconds)
    }
}
