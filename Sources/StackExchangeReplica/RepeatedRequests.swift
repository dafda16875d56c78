import Foundation
import Synchronization

/// Counts requests repeated within a minute: the same path and query (key and token aside), which the API
/// calls abusive. The replica still answers them; tests read the count (`ReplicaServer.repeatViolations`).
final class RepeatedRequests: Sendable {
    /// How long a request stays "the same request" after it was sent.
    static let window: TimeInterval = 60

    private struct Values {
        var lastSeen: [String: Date] = [:]
        var violations: [String] = []
    }

    private let values = Mutex(Values())

    /// Records a request at `now`; true when the same request was seen less than a minute before.
    @discardableResult
    func record(path: String, query: [String: String], now: Date) -> Bool {
        let identity = Self.identity(path: path, query: query)
        return values.withLock { values in
            defer { values.lastSeen[identity] = now }
            guard let last = values.lastSeen[identity], now.timeIntervalSince(last) < Self.window else { return false }
            values.violations.append(identity)
            return true
        }
    }

    /// Each repeated request, as `path?sorted query`, in the order they arrived.
    var violations: [String] { values.withLock { $0.violations } }

    static func identity(path: String, query: [String: String]) -> String {
        let kept = query.filter { $0.key != "key" && $0.key != "access_token" }.map { "\($0.key)=\($0.value)" }.sorted()
        return path + "?" + kept.joined(separator: "&")
    }
}
