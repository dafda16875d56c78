public import StackExchange

/// How the browser watches (the config's `[watch]`): the poll schedule's settings and how the person is told.
public struct BrowserWatchSettings: Sendable, Hashable {
    /// `interval_minutes` and `quota_floor`.
    public var schedule = WatchSettings()
    /// `notify`; the runner resolves `.auto` for its terminal (`NotificationMethod.resolved`) before it starts.
    public var notify: NotificationMethod = .auto
    /// True when `notify_command` is set: the notification goes to it instead of the terminal.
    public var hasNotifyCommand = false
    /// True when an app key is sent (the day's quota is 10,000 instead of 300).
    public var hasKey = false

    public init(
        schedule: WatchSettings = WatchSettings(), notify: NotificationMethod = .auto, hasNotifyCommand: Bool = false,
        hasKey: Bool = false
    ) {
        self.schedule = schedule
        self.notify = notify
        self.hasNotifyCommand = hasNotifyCommand
        self.hasKey = hasKey
    }

    /// Whether anything reaches the person outside the terminal.
    public var notifies: Bool { hasNotifyCommand || (notify != .none && notify != .auto) }
}
