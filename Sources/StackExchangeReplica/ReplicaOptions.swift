public import Foundation

/// How a replica server behaves: where it listens, how slow it is, and how it throttles.
public struct ReplicaOptions: Sendable {
    /// Loopback only; the replica never listens on another interface.
    public var host = "127.0.0.1"
    /// 0 picks a free port.
    public var port = 0
    /// Delay added before every response.
    public var latencyMilliseconds = 0
    /// A directory holding questions.json, answers.json and sites.json; nil uses the bundled data set.
    public var dataDirectory: URL? = nil
    /// Every Nth response of one API method carries `"backoff": backoffSeconds`; nil never asks for backoff.
    public var backoffEvery: Int? = nil
    public var backoffSeconds = 10
    /// `quota_max`; each served request takes one unit.
    public var quota = 300
    /// A JSON-lines request log, one line per request.
    public var logPath: String? = nil

    public init() {}

    public init(
        port: Int = 0, latencyMilliseconds: Int = 0, dataDirectory: URL? = nil,
        backoffEvery: Int? = nil, backoffSeconds: Int = 10, quota: Int = 300, logPath: String? = nil
    ) {
        self.port = port
        self.latencyMilliseconds = latencyMilliseconds
        self.dataDirectory = dataDirectory
        self.backoffEvery = backoffEvery
        self.backoffSeconds = backoffSeconds
        self.quota = quota
        self.logPath = logPath
    }
}
