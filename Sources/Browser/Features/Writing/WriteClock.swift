public import Foundation

/// The site's limits on one kind of write, as `/me/write-permissions` gives them.
public struct WriteLimit: Hashable, Sendable, Codable {
    /// How many writes of the kind a day.
    public var maxDailyActions: Int
    /// The least time between two writes of the kind.
    public var minSecondsBetweenActions: Int

    public init(maxDailyActions: Int, minSecondsBetweenActions: Int) {
        self.maxDailyActions = maxDailyActions
        self.minSecondsBetweenActions = minSecondsBetweenActions
    }
}

/// The kinds of write the writing screens make, by the API's `object_type` in `/me/write-permissions`.
public enum WriteKind: String, Hashable, Sendable, Codable, CaseIterable {
    case question
    case answer
    case edit
}

/// The times of the person's own writes per site and kind, kept in the data file across launches, so stackterm refuses
/// early, with the time left, a write the site would refuse (as the comment clock does for comments). The day is the
/// API's: it ends at midnight UTC.
public struct WriteClock: Hashable, Sendable, Codable {
    /// The moments of the writes made, per site and kind (`site/kind`), newest last; only the last day's are kept.
    public private(set) var writes: [String: [Date]]

    public init(writes: [String: [Date]] = [:]) {
        self.writes = writes
    }

    /// Whether a write may go now.
    public enum Verdict: Hashable, Sendable {
        case allowed
        /// The site's minimum time between two writes of the kind has not passed: wait this many seconds.
        case wait(seconds: Int)
        /// The day's writes of the kind are used up, until midnight UTC.
        case dailyLimit(until: Date)
    }

    /// Whether a write of `kind` on `site` may be sent at `now`, under `limit` (none known: always).
    public func verdict(site: String, kind: WriteKind, limit: WriteLimit?, now: Date) -> Verdict {
        guard let limit else { return .allowed }
        let made = writes[Self.key(site, kind)] ?? []
        if let last = made.last {
            let left = Double(limit.minSecondsBetweenActions) - now.timeIntervalSince(last)
            if left > 0 { return .wait(seconds: Int(left.rounded(.up))) }
        }
        let dayStart = Self.startOfDay(now)
        if limit.maxDailyActions > 0, made.filter({ $0 >= dayStart }).count >= limit.maxDailyActions {
            return .dailyLimit(until: dayStart.addingTimeInterval(86_400))
        }
        return .allowed
    }

    /// The clock with a write of `kind` on `site` made at `at` (sent: the site may have taken it, whatever came back).
    public mutating func record(site: String, kind: WriteKind, at: Date) {
        let key = Self.key(site, kind)
        let dayStart = Self.startOfDay(at)
        writes[key] = ((writes[key] ?? []) + [at]).filter { $0 >= dayStart.addingTimeInterval(-86_400) }.sorted()
    }

    static func key(_ site: String, _ kind: WriteKind) -> String { "\(site)/\(kind.rawValue)" }

    /// Midnight UTC at or before `date`.
    static func startOfDay(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 86_400).rounded(.down) * 86_400)
    }
}
