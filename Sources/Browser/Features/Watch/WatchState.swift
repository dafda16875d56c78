public import Foundation
public import StackExchange
public import StorePorts

/// Watching inside the browser: the poll schedule, the watches and what they found unseen, whether the terminal has
/// the focus, and the watched items screen's (`W`) selection; whether that screen shows is the `ScreenStack`'s.
public struct WatchState: Equatable, Sendable {
    /// The poll schedule, once the data file's watches were read (nil without a data file, or before).
    var schedule: PollSchedule?
    /// Every watch, as the data file has them.
    public internal(set) var entries: [WatchEntry] = []
    /// What the watches found and the person has not seen, oldest first.
    public internal(set) var unseen: [WatchedItem] = []
    /// Items already announced (banner and notification), so an item is announced once.
    var announced: Set<WatchedItem> = []
    /// Whether the terminal has the focus, as its last focus report said; nil before any report.
    public internal(set) var isFocused: Bool?
    /// The time a `.wake` was asked for, so each tick asks for a timer only when the schedule's time changed.
    var wakeAt: Date?
    /// Why polling is held, for the screens.
    public internal(set) var pause: PollPause?
    /// The requests a day of watching costs at the interval (computed when the watches change).
    public internal(set) var requestsPerDay = 0
    /// The watched items screen's selection (reset each time it opens).
    public var screen = WatchesScreen()
    /// The titles and links of the followed questions, by site and id, as their last poll gave them.
    var followedTitles: [String: [Int: FollowedTitle]] = [:]
    /// The answers' questions, by site and answer id, so a comment on an answer names the question.
    var questionOfPost: [String: [Int: Int]] = [:]
    /// When the person last looked at each list (by `listKey`), and the time rows of the list showing are new after.
    var lookedAt: [String: Date] = [:]
    var shownListKey: String?
    /// When the person began looking at the list showing, or last reloaded it: its rows are as new as that.
    var lookStart: Date?
    public internal(set) var newSince: Date?
    /// Whether the data file's watches were read once: later readings are refreshes (`refresh(from:)`).
    var hasReadDataFile = false
    /// When the data file is read again for what other stackterms changed (`refreshIfDue`).
    var refreshAt: Date?
    /// The quota left that the schedule last heard from this run's answers, and the day's quota a watch answer or
    /// the data file gave.
    var quotaHeard: Int?
    var quotaMax: Int?
    /// When the quota the schedule last heard from the data file was told.
    var quotaHeardAt: Date?

    public init() {}

    /// True when something is watched.
    public var isWatching: Bool { !entries.isEmpty }

    /// The unseen items one watch found: a tag's questions, a search's, a followed question's answers and comments.
    public func unseen(of entry: WatchEntry) -> [WatchedItem] {
        unseen.filter { Self.item($0, belongsTo: entry) }
    }

    static func item(_ item: WatchedItem, belongsTo entry: WatchEntry) -> Bool {
        guard item.site == entry.site else { return false }
        switch entry.kind {
        case .tag: return item.kind == .question && item.watch.split(separator: " ").contains { $0 == "[\(entry.subject)]" }
        case .search: return item.kind == .question && item.watch == "\"\(entry.subject)\""
        case .question: return item.kind != .question && String(item.questionID) == entry.subject
        }
    }

    /// The watch as the person reads it: `[rust]`, `"wide chars"`, a followed question by its title (by its id until
    /// a poll, the screen it was watched from or what it found gave the title), with its site where not `site`.
    public func label(_ entry: WatchEntry, defaultSite: String) -> String {
        guard entry.kind == .question, let id = Int(entry.subject), let title = title(ofFollowed: id, site: entry.site) else {
            return Self.label(entry, defaultSite: defaultSite)
        }
        return entry.site == defaultSite ? title : entry.site + " " + title
    }

    /// A followed question's title, as a poll, `w` or an item found on it gave it.
    func title(ofFollowed id: Int, site: String) -> String? {
        if let known = followedTitles[site]?[id]?.title { return known }
        return unseen.last { $0.site == site && $0.questionID == id && $0.title != "question \(id)" }?.title
    }

    /// The watch as the person reads it by its subject: `[rust]`, `"wide chars"`, `question 123`, with its site
    /// where not `site`.
    public static func label(_ entry: WatchEntry, defaultSite: String) -> String {
        let name = switch entry.kind {
        case .tag: "[\(entry.subject)]"
        case .search: "\"\(entry.subject)\""
        case .question: "question \(entry.subject)"
        }
        return entry.site == defaultSite ? name : entry.site + " " + name
    }
}

/// The watched items screen (`W`): each watch with its unread count; Enter lists its new items.
public struct WatchesScreen: Hashable, Sendable {
    public var selection = 0
    public var top = 0

    public init() {}

    /// Keeps the selection within `count` rows and on screen in `height` rows.
    public mutating func keepSelectionVisible(count: Int, height: Int) {
        selection = min(max(0, selection), max(0, count - 1))
        if selection < top { top = selection }
        if selection >= top + max(1, height) { top = selection - max(1, height) + 1 }
    }
}

/// A followed question's title and link, for naming its new answers and comments.
struct FollowedTitle: Hashable, Sendable {
    var title: String
    var link: String
}
