public import Foundation
public import Operations
public import StackExchange
public import StorePorts

/// What one watch request brought back: its items, and what the response said of the quota and the API's rest.
public struct WatchAnswer: Sendable {
    /// The items, typed by the request that asked for them.
    public enum Items: Sendable {
        case questions([Question])
        case answers([Answer])
        case comments([PostComment])
    }

    public var items: Items
    public var quotaRemaining: Int?
    public var quotaMax: Int?
    /// The API's `backoff` for the request's method, in seconds.
    public var backoff: Int?
    /// True when the data file answered: some stackterm sent the same request less than a minute before.
    public var fromStore: Bool

    public init(items: Items, quotaRemaining: Int? = nil, quotaMax: Int? = nil, backoff: Int? = nil, fromStore: Bool = false) {
        self.items = items
        self.quotaRemaining = quotaRemaining
        self.quotaMax = quotaMax
        self.backoff = backoff
        self.fromStore = fromStore
    }
}

/// Sends watch requests on the background lane (the client's quota, backoff and IP throttle), or answers one from
/// the data file when any stackterm sent the same request (`WatchRequest.identity`) less than a minute before.
public protocol WatchRequesting: Sendable {
    /// Sends `request` at `now`; `completion` runs on the main actor, unless the returned handle was cancelled.
    func send(
        _ request: WatchRequest, at now: Date,
        completion: @escaping @MainActor @Sendable (Result<WatchAnswer, APIError>) -> Void
    ) -> any Cancellable
}

/// Tells the person outside the terminal (a terminal notification, the bell, or `notify_command`).
@MainActor
public protocol Notifying {
    /// Tells the person; with `ifPaneHidden` (the terminal never reported its focus) only when the runner can tell
    /// stackterm is not what the person sees (inside tmux, a pane not showing).
    func notify(_ notification: TerminalNotification, ifPaneHidden: Bool)
}

/// What watching inside the browser reaches the world through: the requests, the data file, the notifier.
public struct WatchPorts: Sendable {
    public let requests: any WatchRequesting
    public let store: any WatchKeeping
    /// The config's watches (`[watch] tags`), added to the data file when the browser first reads it (not before:
    /// the data file may still be opening while the first page is asked for).
    public let configured: [WatchEntry]

    public init(requests: any WatchRequesting, store: any WatchKeeping, configured: [WatchEntry] = []) {
        self.requests = requests
        self.store = store
        self.configured = configured
    }

    /// What the data file holds, the config's watches added first.
    ///
    /// The config's watches the data file lacks are in the snapshot at once and written to the data file in the
    /// background (`WatchKeeping.inBackground`): a write here would wait out SQLite's busy timeout at start while
    /// another stackterm (a `watch --once` from cron) held the file's lock. Reads never wait for it (WAL).
    @MainActor
    public func snapshot() -> WatchSnapshot {
        var snapshot = store.startingState()
        let stored = snapshot.watches
        var missing: [WatchEntry] = []
        for entry in configured
        where !stored.contains(where: { $0.isSameWatch(as: entry) }) && !missing.contains(where: { $0.isSameWatch(as: entry) }) {
            missing.append(entry)
        }
        if !missing.isEmpty {
            let added = missing
            store.inBackground({ store in for entry in added { store.addWatch(entry) } }, completion: {})
        }
        // In the data file's order (`watches()`: site, kind, subject).
        snapshot.watches = (stored + missing).sorted { ($0.site, $0.kind.rawValue, $0.subject) < ($1.site, $1.kind.rawValue, $1.subject) }
        return snapshot
    }
}

/// A change to the watches in the data file.
public enum WatchWrite: Sendable, Hashable {
    case add(WatchEntry)
    case remove(site: String, kind: WatchEntry.Kind, subject: String)
    case advance(site: String, kind: WatchEntry.Kind, subject: String, to: Date)
    case addNew([WatchedItem])
    case markSeen([WatchedItem])
    case quota(WatchQuota)
    case backoff(methodKey: String, until: Date)
    case look(list: String, at: Date)

    /// Carries the write out on `store` (at once, on the caller's thread: `WatchStore`).
    public func apply(to store: any WatchKeeping) {
        switch self {
        case .add(let entry): store.addWatch(entry)
        case .remove(let site, let kind, let subject): store.removeWatch(site: site, kind: kind, subject: subject)
        case .advance(let site, let kind, let subject, let date): store.advance(site: site, kind: kind, subject: subject, to: date)
        case .addNew(let items): store.addNew(items)
        case .markSeen(let items): store.markSeen(items)
        case .quota(let quota): store.recordQuota(quota)
        case .backoff(let method, let until): store.recordBackoff(methodKey: method, until: until)
        case .look(let list, let date): store.recordLook(list: list, at: date)
        }
    }
}
