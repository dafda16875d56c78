public import Foundation

/// Every status message of the run, oldest first, for the messages screen (`M`): kept in full, however the
/// status bar had to shorten it.
public struct MessageLog: Equatable, Sendable {
    /// The most entries kept; the oldest go first (a run that long has said the same things many times).
    public static let capacity = 500

    public private(set) var entries: [StatusMessage] = []

    public init() {}

    /// Adds `message`, unless it repeats the last entry at the same moment (one event saying a thing twice).
    mutating func append(_ message: StatusMessage) {
        if let last = entries.last, last.text == message.text, last.postedAt == message.postedAt { return }
        entries.append(message)
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }
}
