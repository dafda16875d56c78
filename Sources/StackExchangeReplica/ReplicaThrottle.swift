import Foundation

/// Quota and backoff bookkeeping for one replica: decides whether a served request is allowed and what it carries.
struct ReplicaThrottle: Sendable {
    /// What a request that passed validation gets.
    enum Decision: Sendable, Hashable {
        case allowed(quotaRemaining: Int, backoff: Int?)
        case refused(APIFailure)
    }

    let quotaMax: Int
    let backoffEvery: Int?
    let backoffSeconds: Int
    private(set) var quotaRemaining: Int
    private var responsesByMethod: [String: Int] = [:]
    private var backoffUntil: [String: Date] = [:]

    init(quota: Int, backoffEvery: Int?, backoffSeconds: Int) {
        quotaMax = quota
        quotaRemaining = quota
        self.backoffEvery = backoffEvery
        self.backoffSeconds = backoffSeconds
    }

    /// Takes one unit of quota for `method`, or refuses when the quota is spent or the method's backoff is running.
    mutating func admit(method: String, now: Date) -> Decision {
        if let until = backoffUntil[method], now < until {
            return .refused(.backoffViolated(secondsLeft: Int(until.timeIntervalSince(now).rounded(.up))))
        }
        guard quotaRemaining > 0 else { return .refused(.quotaExhausted) }
        quotaRemaining -= 1
        let count = responsesByMethod[method, default: 0] + 1
        responsesByMethod[method] = count
        if let every = backoffEvery, every > 0, count % every == 0 {
            backoffUntil[method] = now.addingTimeInterval(TimeInterval(backoffSeconds))
            return .allowed(quotaRemaining: quotaRemaining, backoff: backoffSeconds)
        }
        return .allowed(quotaRemaining: quotaRemaining, backoff: nil)
    }
}
