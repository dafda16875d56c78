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
        /// No quota left.
        case quotaExhausted
    }

    private struct Values {
        var quotaRemaining: Int
        var responsesByMethod: [String: Int] = [:]
        var backoffUntil: [String: Date] = [:]
        var faults: [(fault: ReplicaFault, remaining: Int)] = []
        var latencyMilliseconds: Int
        var arrivals: [String] = []
    }

    let quotaMax: Int
    private let backoffEvery: Int?
    private let backoffSeconds: Int
    private let values: Mutex<Values>

    init(options: ReplicaOptions) {
        quotaMax = options.quota
        backoffEvery = options.backoffEvery.flatMap { $0 > 0 ? $0 : nil }
        backoffSeconds = options.backoffSeconds
        values = Mutex(Values(quotaRemaining: options.quota, latencyMilliseconds: max(0, options.latencyMilliseconds)))
    }

    var latencyMilliseconds: Int {
        get { values.withLock { $0.latencyMilliseconds } }
        set { values.withLock { $0.latencyMilliseconds = max(0, newValue) } }
    }

    /// Records a request's arrival and returns the fault it should get, if one is pending for its path.
    func arrive(path: String) -> ReplicaFault? {
        values.withLock { values in
            values.arrivals.append(path)
            guard let index = values.faults.firstIndex(where: { $0.fault.matches(path) }) else { return nil }
            let fault = values.faults[index].fault
            values.faults[index].remaining -= 1
            if values.faults[index].remaining <= 0 { values.faults.remove(at: index) }
            return fault
        }
    }

    func requestCount(pathPrefix: String) -> Int {
        values.withLock { $0.arrivals.lazy.filter { $0.hasPrefix(pathPrefix) }.count }
    }

    func inject(_ fault: ReplicaFault, count: Int) {
        guard count > 0 else { return }
        values.withLock { $0.faults.append((fault, count)) }
    }

    /// Applies the backoff and quota rules to a request to `method`, taking one unit of quota when admitted.
    func admit(method: String, now: Date) -> Admission {
        values.withLock { values in
            if let until = values.backoffUntil[method], now < until {
                return .backoffViolation(seconds: Int(until.timeIntervalSince(now).rounded(.up)))
            }
            guard values.quotaRemaining > 0 else { return .quotaExhausted }
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
