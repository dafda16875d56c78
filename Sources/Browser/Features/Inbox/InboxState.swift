public import Foundation
public import StackExchange

/// The inbox screen's content: the items last fetched (or kept from the last run), the unread count for the status
/// bar's badge, when it was last polled, and the selection. Whether the screen shows is the `ScreenStack`'s; whether
/// its items or its badge are in flight is the ledger's (`RequestPurpose.inbox`, `.inboxBadge`).
public struct InboxState: Equatable, Sendable {
    /// The badge is polled at launch, then at most this often (seconds).
    public static let pollInterval: TimeInterval = 300

    /// What the last fetch of the items gave.
    public enum Phase: Hashable, Sendable {
        case idle
        case loaded
        case failed(String)
    }

    public var items: [InboxItem] = []
    /// Unread items by the last poll; nil before the first.
    public var unreadCount: Int?
    /// When the badge was last asked for.
    public var lastPolledAt: Date?
    public var selection = 0
    /// The first item row shown.
    public var top = 0
    public var phase: Phase = .idle
    /// True when `items` came from the store (the network has not answered this run).
    public var isFromStore = false

    public init() {}

    public var selectedItem: InboxItem? { items.indices.contains(selection) ? items[selection] : nil }

    /// Keeps the selection within the items and on screen in `height` rows.
    public mutating func keepSelectionVisible(height: Int) {
        selection = min(max(0, selection), max(0, items.count - 1))
        if selection < top { top = selection }
        if selection >= top + max(1, height) { top = selection - max(1, height) + 1 }
    }

    /// True when the badge is due: never polled, or polled `pollInterval` ago.
    public func isPollDue(now: Date) -> Bool {
        guard let last = lastPolledAt else { return true }
        return now.timeIntervalSince(last) >= Self.pollInterval
    }
}
