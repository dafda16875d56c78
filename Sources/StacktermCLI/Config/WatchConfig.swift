public import Browser
public import StackExchange

/// `[watch]` in the config file: what is watched from the config, how often, and how the person is told.
public struct WatchConfig: Sendable, Hashable {
    /// One tag of `tags`, with the site it is watched on (nil: the default site).
    public struct WatchedTag: Sendable, Hashable {
        public var site: String?
        public var tag: String

        public init(site: String?, tag: String) {
            self.site = site
            self.tag = tag
        }
    }

    /// `tags = ["swift", "unix:bash"]`.
    public var tags: [WatchedTag] = []
    /// `interval_minutes`, at least 1.
    public var intervalMinutes = WatchSettings.defaultIntervalMinutes
    /// `quota_floor`: nil for a tenth of the day's `quota_max`.
    public var quotaFloor: Int?
    /// `notify`.
    public var notify: NotificationMethod = .auto
    /// `notify_command`: run with the title and the text as arguments instead of a terminal notification.
    public var notifyCommand: String?

    public init() {}

    /// The poll schedule's settings.
    public var settings: WatchSettings { WatchSettings(intervalMinutes: intervalMinutes, quotaFloor: quotaFloor) }

    /// The watched tags of each site, the default one named `defaultSite`.
    public func tagsBySite(defaultSite: String) -> [String: Set<String>] {
        var bySite: [String: Set<String>] = [:]
        for watched in tags { bySite[watched.site ?? defaultSite, default: []].insert(watched.tag) }
        return bySite
    }
}
