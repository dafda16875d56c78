import Foundation
import Synchronization

/// The replica's mutable state, behind one lock: quota, backoff per API method, pending faults, latency and
/// the paths of the requests that arrived.
final class ReplicaState: Sendable {
    /// What a request may do after the quota and backoff checks.
    enum Admission: Equatable {
        /// Serve it; `quotaRemaining` after this request, and `backoff` to send, if any.
        case admitted(quotaRemaining: Int, backoff: Int?)
        /// The method is still backing off for `seconds`.
        case backoffViolation(seconds: Int)
        /// No quota left; it resets in `seconds` (at midnight UTC).
        case quotaExhausted(seconds: Int)
        /// The whole IP is throttled for `seconds` more (too many requests a second, or an injected throttle).
        case ipThrottled(seconds: Int)
    }

    private struct Values {
        var quotaRemaining: Int
        var responsesByMethod: [String: Int] = [:]
        var backoffUntil: [String: Date] = [:]
        /// Faults waiting for their requests; one with a `site` waits for a request about that site (`site=`).
        var faults: [(fault: ReplicaFault, remaining: Int, site: String?)] = []
        var latencyMilliseconds: Int
        var arrivals: [String] = []
        /// The UTC day (days since 1970) the quota was last reset in.
        var quotaDay: Int?
        var ipThrottledUntil: Date?
        /// When the most recent admitted requests arrived, for the per-second limit.
        var recentRequests: [Date] = []
        /// Seconds added to the wall clock: tests move the replica's time instead of waiting.
        var clockOffset: TimeInterval = 0
        /// Requests that came to a method before its backoff was over.
        var backoffViolations = 0
    }

    let quotaMax: Int
    /// See `ReplicaOptions.activityDrift`.
    let activityDrift: Int
    private let backoffEvery: Int?
    private let backoffSeconds: Int
    private let maxRequestsPerSecond: Int?
    private let ipThrottleSeconds: Int
    private let values: Mutex<Values>
    /// See `ReplicaOptions.frozenClock`.
    private let frozenClock: Date?

    init(options: ReplicaOptions) {
        frozenClock = options.frozenClock
        quotaMax = options.quota
        activityDrift = max(0, options.activityDrift)
        backoffEvery = options.backoffEvery.flatMap { $0 > 0 ? $0 : nil }
        backoffSeconds = options.backoffSeconds
        maxRequestsPerSecond = options.maxRequestsPerSecond.flatMap { $0 > 0 ? $0 : nil }
        ipThrottleSeconds = max(1, options.ipThrottleSeconds)
        values = Mutex(Values(quotaRemaining: options.quota, latencyMilliseconds: max(0, options.latencyMilliseconds)))
    }

    var latencyMilliseconds: Int {
        get { values.withLock { $0.latencyMilliseconds } }
        set { values.withLock { $0.latencyMilliseconds = max(0, newValue) } }
    }

    /// Records a request's arrival and returns the fault it should get, if one is pending for its path.
    func arrive(path: String, site: String? = nil) -> ReplicaFault? {
        values.withLock { values in
            values.arrivals.append(path)
            guard let index = values.faults.firstIndex(where: { $0.fault.matches(path) && ($0.site == nil || $0.site == site) })
            else { return nil }
            let fault = values.faults[index].fault
            values.faults[index].remaining -= 1
            if values.faults[index].remaining <= 0 { values.faults.remove(at: index) }
            return fault
        }
    }

    /// How many requests came to a method before its backoff was over.
    var backoffViolations: Int { values.withLock { $0.backoffViolations } }

    func requestCount(pathPrefix: String) -> Int {
        values.withLock { $0.arrivals.lazy.filter { $0.hasPrefix(pathPrefix) }.count }
    }

    func inject(_ fault: ReplicaFault, count: Int, site: String? = nil) {
        guard count > 0 else { return }
        values.withLock { $0.faults.append((fault, count, site)) }
    }

    /// The replica's time: the wall clock (or the frozen one) plus whatever tests moved it on by.
    func now() -> Date {
        (frozenClock ?? Date()).addingTimeInterval(values.withLock { $0.clockOffset })
    }

    /// Moves the replica's time on by `seconds` (backoff, throttles and the quota day follow it).
    func advanceClock(by seconds: TimeInterval) {
        values.withLock { $0.clockOffset += max(0, seconds) }
    }

    /// Throttles the whole IP for `seconds` from `now`, as the API does to a client sending too fast.
    func throttleIP(seconds: Int, now: Date) {
        values.withLock { $0.ipThrottledUntil = now.addingTimeInterval(TimeInterval(seconds)) }
    }

    /// Gives the quota back in full, as midnight UTC does.
    func resetQuota() {
        values.withLock { $0.quotaRemaining = quotaMax }
    }

    /// Applies the IP throttle, backoff and quota rules to a request to `method`, taking one unit of quota
    /// when admitted. The quota comes back in full at the first request of a new UTC day.
    func admit(method: String, now: Date) -> Admission {
        values.withLock { values in
            if let until = values.ipThrottledUntil, now < until {
                return .ipThrottled(seconds: Int(until.timeIntervalSince(now).rounded(.up)))
            }
            if let limit = maxRequestsPerSecond {
                values.recentRequests.removeAll { now.timeIntervalSince($0) >= 1 }
                values.recentRequests.append(now)
                if values.recentRequests.count > limit {
                    values.ipThrottledUntil = now.addingTimeInterval(TimeInterval(ipThrottleSeconds))
                    return .ipThrottled(seconds: ipThrottleSeconds)
                }
            }
            if let until = values.backoffUntil[method], now < until {
                values.backoffViolations += 1
                return .backoffViolation(seconds: Int(until.timeIntervalSince(now).rounded(.up)))
            }
            let day = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
            if let quotaDay = values.quotaDay, quotaDay < day { values.quotaRemaining = quotaMax }
            values.quotaDay = day
            guard values.quotaRemaining > 0 else {
                let midnight = TimeInterval(day + 1) * 86_400
                return .quotaExhausted(seconds: Int((midnight - now.timeIntervalSince1970).rounded(.up)))
            }
            values.quotaRemaining -= 1
            values.responsesByMethod[method, default: 0] += 1
            var backoff: Int?
            if let every = backoffEvery, values.responsesByMethod[method]! % every == 0 {
                backoff = backoffSeconds
                values.backoffUntil[method] = now.addingTimeInterval(TimeInterval(backoffSeconds))
            }
            return .admitted(quotaRemaining: values.quotaRemaining, backoff: backoff)
        }
    }
}
