import Foundation
import Synchronization

/// When each person last wrote each kind of post on each site, and how many they wrote that UTC day: what the sites'
/// minimum time between writes and daily allowance are checked against. Limits are a person's (their user id), not a
/// token's: a second token of the same person shares them.
final class WriteHistory: Sendable {
    private struct Key: Hashable {
        var site: String
        var userID: Int
        var kind: String
    }

    private struct Values {
        var last: [Key: Date] = [:]
        /// Writes on one UTC day (days since 1970).
        var onDay: [Key: (day: Int, count: Int)] = [:]
    }

    private let values = Mutex(Values())

    /// The seconds since the person's last write of `kind` on `site` (nil when none), and how many they made today.
    func history(site: String, userID: Int, kind: WriteKind, now: Date) -> (secondsSinceLast: TimeInterval?, today: Int) {
        let key = Key(site: site, userID: userID, kind: kind.rawValue)
        return values.withLock { values in
            let today = values.onDay[key].map { $0.day == ReplicaAccounts.day(now) ? $0.count : 0 } ?? 0
            return (values.last[key].map { now.timeIntervalSince($0) }, today)
        }
    }

    /// Counts a write of `kind` made now.
    func record(site: String, userID: Int, kind: WriteKind, now: Date) {
        let key = Key(site: site, userID: userID, kind: kind.rawValue)
        values.withLock { values in
            values.last[key] = now
            let day = ReplicaAccounts.day(now)
            let count = values.onDay[key].map { $0.day == day ? $0.count : 0 } ?? 0
            values.onDay[key] = (day, count + 1)
        }
    }
}
