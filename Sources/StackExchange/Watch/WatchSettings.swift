public import Foundation

/// How often watches are polled and how much of the day's quota they may spend (`[watch]` in the config).
public struct WatchSettings: Sendable, Hashable {
    /// The default `interval_minutes`.
    public static let defaultIntervalMinutes = 2
    /// The API calls the same request more than once a minute abusive; no watch request is repeated sooner.
    public static let repeatSpacing: TimeInterval = 60

    /// Minutes between two polls of a site's watches; at least 1.
    public var intervalMinutes: Int
    /// Requests left under which polling stops until the quota resets; nil for a tenth of `quota_max`.
    public var quotaFloor: Int?

    public init(intervalMinutes: Int = WatchSettings.defaultIntervalMinutes, quotaFloor: Int? = nil) {
        self.intervalMinutes = max(1, intervalMinutes)
        self.quotaFloor = quotaFloor
    }

    /// The interval in seconds.
    public var interval: TimeInterval { TimeInterval(intervalMinutes) * 60 }

    /// The floor for a day's `quotaMax`: the configured one, or a tenth of the day's quota (30 without a key).
    public func floor(quotaMax: Int) -> Int { quotaFloor ?? quotaMax / 10 }
}
