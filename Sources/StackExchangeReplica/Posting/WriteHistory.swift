import Foundation
import Synchronization

/// When each person last wrote each kind of post on each site, and how many they wrote that UTC day: what the sites'
/// minimum time between writes and daily allowance are checked against. Limits are a person's (their user id), not a
/// token's: a second token of the same person shares them.
///
/// It also keeps each token's last write that went through, for `409 duplicate_request`: a write refused (too soon, say)
/// was not made, so sending it again once it is allowed is not a repeat.
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
        var lastWrite: [String: (signature: String, at: Date)] = [:]
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

    /// True when `token` made the same write (`signature`) less than the duplicate window ago.
    func isRepeat(token: String, signature: String, now: Date) -> Bool {
        values.withLock { values in
            guard let last = values.lastWrite[token], last.signature == signature else { return false }
            return now.timeIntervalSince(last.at) < ReplicaAccounts.duplicateWindow
        }
    }

    /// Counts a write of `kind` made now by `token` (`signature` names it, for `isRepeat`).
    func record(site: String, userID: Int, kind: WriteKind, token: String, signature: String, now: Date) {
        let key = Key(site: site, userID: userID, kind: kind.rawValue)
        values.withLock { values in
            values.lastWrite[token] = (signature, now)
            values.last[key] = now
            let day = ReplicaAccounts.day(now)
            let count = values.onDay[key].map { $0.day == day ? $0.count : 0 } ?? 0
            values.onDay[key] = (day, count + 1)
        }
    }
}
