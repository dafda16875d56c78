public import Foundation

/// How a replica serves: where, how slowly, from which data, and how strict about backoff and quota.
public struct ReplicaOptions: Sendable {
    /// The address to bind; the replica serves loopback only.
    public var host = "127.0.0.1"
    /// 0 picks a free port.
    public var port = 0
    /// Delay before each response, so loading and cancelling can be seen.
    public var latencyMilliseconds = 0
    /// A directory with `questions.json`, `answers.json`, optionally `comments.json`, and `sites/NAME/` holding the
    /// same files for a site with data of its own; nil serves the bundled data set.
    public var dataDirectory: URL?
    /// When set, every Nth response of an API method carries `backoff`; calling that method again sooner
    /// is a `throttle_violation`, as on the real API.
    public var backoffEvery: Int?
    /// The `backoff` value, in seconds.
    public var backoffSeconds = 10
    /// `quota_max`; each served request takes one, and none left is a `throttle_violation`.
    public var quota = 300
    /// A JSON-lines request log, one line per request when it ends.
    public var logPath: String?
    /// More requests than this in one second throttle the whole IP for `ipThrottleSeconds`, as the API does
    /// above 30 a second; nil turns the limit off.
    public var maxRequestsPerSecond: Int? = 30
    /// How long an IP throttle lasts.
    public var ipThrottleSeconds = 60
    /// How far the `sort=activity` list moves between two pages: each page after the first repeats this many
    /// questions from the end of the page before, as the live list does while a person pages.
    /// 0 turns it off.
    public var activityDrift = 0
    /// The access tokens the replica issued (`--grant`): only these are accepted.
    public var grants: [ReplicaGrant] = []
    /// When set, the replica's clock stands still at this time and moves only by `advanceClock`, so a test that
    /// compares dates the replica wrote cannot cross a second of the wall clock between two of them.
    public var frozenClock: Date?

    public init(
        host: String = "127.0.0.1", port: Int = 0, latencyMilliseconds: Int = 0, dataDirectory: URL? = nil,
        backoffEvery: Int? = nil, backoffSeconds: Int = 10, quota: Int = 300, logPath: String? = nil
    ) {
        self.host = host
        self.port = port
        self.latencyMilliseconds = latencyMilliseconds
        self.dataDirectory = dataDirectory
        self.backoffEvery = backoffEvery
        self.backoffSeconds = backoffSeconds
        self.quota = quota
        self.logPath = logPath
    }
}
