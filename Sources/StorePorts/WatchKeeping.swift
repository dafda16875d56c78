public import Foundation
public import StackExchange

/// What is watched on a site: a tag, a search or a question, with the time it is polled up to (for a question,
/// the last activity seen on it).
public struct WatchEntry: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case tag, search, question
    }

    public var site: String
    public var kind: Kind
    /// The tag, the search text, or the question's id.
    public var subject: String
    public var since: Date

    public init(site: String, kind: Kind, subject: String, since: Date) {
        self.site = site
        self.kind = kind
        self.subject = subject
        self.since = since
    }

    /// The same watch (site, kind and subject), whatever time each is polled up to: the data file keeps one.
    public func isSameWatch(as other: WatchEntry) -> Bool {
        site == other.site && kind == other.kind && subject == other.subject
    }
}

/// Something new a watch found: a question in a tag or search, an answer or comment on a followed question.
public struct WatchedItem: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case question, answer, comment
    }

    public var site: String
    public var kind: Kind
    public var id: Int
    public var questionID: Int
    /// The question's title (HTML entities decoded, not yet filtered for the screen).
    public var title: String
    public var link: String
    public var createdAt: Date
    /// Which watch found it, as the person reads it: `[rust]`, `"wide chars"`, `question 123`.
    public var watch: String

    public init(site: String, kind: Kind, id: Int, questionID: Int, title: String, link: String, createdAt: Date, watch: String) {
        self.site = site
        self.kind = kind
        self.id = id
        self.questionID = questionID
        self.title = title
        self.link = link
        self.createdAt = createdAt
        self.watch = watch
    }
}

/// The last time a watch request was sent, and what came back, shared by every stackterm through the data file.
public struct WatchPoll: Hashable, Sendable {
    public var sentAt: Date
    public var response: Data

    public init(sentAt: Date, response: Data) {
        self.sentAt = sentAt
        self.response = response
    }
}

/// The quota a response reported, and when: the floor holds across runs until the quota resets (midnight UTC).
public struct WatchQuota: Hashable, Sendable {
    public var remaining: Int
    public var max: Int
    public var at: Date

    public init(remaining: Int, max: Int, at: Date) {
        self.remaining = remaining
        self.max = max
        self.at = at
    }
}

/// The watches, their poll times and what they found, kept in the person's data file, so `stackterm watch --once`
/// and a running browser share them.
public protocol WatchKeeping: Sendable {
    /// Every watch, by site, kind and subject.
    func watches() -> [WatchEntry]
    /// Adds `entry` unless the same watch is there already (its time is kept then).
    func addWatch(_ entry: WatchEntry)
    /// Removes a watch; what it found stays until seen.
    func removeWatch(site: String, kind: WatchEntry.Kind, subject: String)
    /// Moves a watch's time on to `since` (never back).
    func advance(site: String, kind: WatchEntry.Kind, subject: String, to since: Date)
    /// The last time the request `identity` (`WatchRequest.identity`) was sent, with its response.
    func lastPoll(of identity: String) -> WatchPoll?
    /// Records that the request `identity` was sent and what came back.
    func recordPoll(_ poll: WatchPoll, of identity: String)
    /// The last quota reported to a watch request, if any.
    func lastQuota() -> WatchQuota?
    /// Records the quota a response reported.
    func recordQuota(_ quota: WatchQuota)
    /// The API methods resting after a `backoff`, each until when.
    func backoffs() -> [String: Date]
    /// Records that `methodKey` rests until `until` (a later rest is kept).
    func recordBackoff(methodKey: String, until: Date)
    /// Keeps `items` as new unless they are known already (seen or not).
    func addNew(_ items: [WatchedItem])
    /// What was found and not seen yet, oldest first.
    func unseenItems() -> [WatchedItem]
    /// Marks `items` seen.
    func markSeen(_ items: [WatchedItem])
    /// When the person last looked at each list, by the browser's key for it (the site and the query): its rows
    /// asked since are new.
    func listLooks() -> [String: Date]
    /// Records that the person looked at the list `key` until `at` (a later look is kept).
    func recordLook(list key: String, at: Date)
    /// The watches, what they found unseen, the last quota, the methods resting and the lists' looks, read together:
    /// what the browser starts from, before its first frame.
    func startingState() -> WatchSnapshot
    /// Runs `change` on this store where it cannot hold a key: the data file's writes the browser makes go on the
    /// background queue, one after another in the order asked, because another stackterm holding the file's lock
    /// would otherwise stall the main thread for the busy timeout. `completion` runs on the main actor once it ran.
    @MainActor
    func inBackground(_ change: @escaping @Sendable (any WatchKeeping) -> Void, completion: @escaping @MainActor @Sendable () -> Void)
}

/// The watches as the data file has them at start: what the browser's watches start from
/// (`WatchKeeping.startingState`, then the config's watches added: `WatchPorts.snapshot`).
public struct WatchSnapshot: Sendable, Hashable {
    public var watches: [WatchEntry]
    public var unseen: [WatchedItem]
    public var quota: WatchQuota?
    public var backoffs: [String: Date]
    /// When the person last looked at each list (the browser's key for it).
    public var looks: [String: Date]

    public init(
        watches: [WatchEntry], unseen: [WatchedItem], quota: WatchQuota? = nil, backoffs: [String: Date] = [:],
        looks: [String: Date] = [:]
    ) {
        self.watches = watches
        self.unseen = unseen
        self.quota = quota
        self.backoffs = backoffs
        self.looks = looks
    }
}

extension WatchKeeping {
    /// Each part read on its own (a store in memory).
    public func startingState() -> WatchSnapshot {
        WatchSnapshot(watches: watches(), unseen: unseenItems(), quota: lastQuota(), backoffs: backoffs(), looks: listLooks())
    }

    /// Without a queue of its own (a store in memory): `change` at once, then `completion`.
    @MainActor
    public func inBackground(_ change: @escaping @Sendable (any WatchKeeping) -> Void, completion: @escaping @MainActor @Sendable () -> Void) {
        change(self)
        completion()
    }

    /// The watches as the poll schedule takes them, one value per site.
    public func siteWatches() -> [SiteWatches] {
        WatchEntry.siteWatches(watches())
    }
}

extension WatchEntry {
    /// `entries` as the poll schedule takes them, one value per site, in the sites' order.
    public static func siteWatches(_ entries: [WatchEntry]) -> [SiteWatches] {
        var bySite: [String: SiteWatches] = [:]
        for entry in entries {
            var watched = bySite[entry.site] ?? SiteWatches(site: entry.site, tagsSince: entry.since)
            switch entry.kind {
            case .tag:
                // One request asks for every tag of the site: from the earliest time any of them is polled up to.
                watched.tagsSince = watched.tags.isEmpty ? entry.since : min(watched.tagsSince, entry.since)
                watched.tags.insert(entry.subject)
            case .search: watched.searches[entry.subject] = entry.since
            case .question: if let id = Int(entry.subject) { watched.followed[id] = entry.since }
            }
            bySite[entry.site] = watched
        }
        return bySite.keys.sorted().map { bySite[$0]! }
    }
}
