public import Foundation

/// The shared request policy as a value: per-method deadlines from `backoff` and throttling, the IP-wide
/// throttle, the quota and when it resets, the client-side rate limit, and the next request id. The client
/// keeps one behind a Mutex and asks it, with the time from its clock, before every send.
public struct PolicyState: Sendable {
    /// Why a method may not be called before a time.
    public enum DeadlineKind: Sendable, Equatable {
        /// The API sent `backoff: N`: requests wait until the deadline, then go.
        case backoff
        /// The API answered `throttle_violation`: requests fail at once with `.throttled(until:)`.
        case throttle
    }

    /// What a request about to be sent should do.
    public enum Admission: Sendable, Equatable {
        case send
        case wait(until: Date)
        case fail(APIError)
    }

    private var deadlines: [String: (until: Date, kind: DeadlineKind)] = [:]
    /// Until when every method is throttled ("too many requests from this IP").
    public private(set) var ipThrottledUntil: Date?
    /// The last `quota_remaining` the API reported, if any.
    public private(set) var quotaRemaining: Int?
    /// When the quota reached 0 is assumed to reset (the next midnight UTC); nil while quota is left.
    public private(set) var quotaResetsAt: Date?
    /// True while the one request let through after the reset time has not answered yet.
    private var quotaProbeInFlight = false
    /// The client-side limit on sending.
    public var rateLimit: RateLimit
    private var recentSends: [Date] = []
    private var lastSendByMethod: [String: Date] = [:]
    private var lastRequestID = 0

    public init(rateLimit: RateLimit = .standard) {
        self.rateLimit = rateLimit
    }

    /// Whether a request to `methodKey` may go at `now`, without taking a send slot (see `admit`).
    public func admission(methodKey: String, now: Date) -> Admission {
        if quotaRemaining == 0, let resetsAt = quotaResetsAt, now < resetsAt || quotaProbeInFlight {
            return .fail(.quotaExhausted(resetsAt: resetsAt))
        }
        if let until = ipThrottledUntil, until > now { return .fail(.throttled(until: until)) }
        if let deadline = deadlines[methodKey], deadline.until > now {
            switch deadline.kind {
            case .backoff: return .wait(until: deadline.until)
            case .throttle: return .fail(.throttled(until: deadline.until))
            }
        }
        if let until = rateLimit.wait(methodKey: methodKey, recentSends: recentSends,
                                      lastSend: lastSendByMethod[methodKey], now: now) {
            return .wait(until: until)
        }
        return .send
    }

    /// Like `admission`, and when the answer is `.send`, records the send for the rate limit (and takes the
    /// one request allowed after a quota reset).
    public mutating func admit(methodKey: String, now: Date) -> Admission {
        let admission = admission(methodKey: methodKey, now: now)
        guard admission == .send else { return admission }
        if quotaRemaining == 0, quotaResetsAt != nil { quotaProbeInFlight = true }
        recentSends.append(now)
        if recentSends.count > rateLimit.requestsPerSecond { recentSends.removeFirst(recentSends.count - rateLimit.requestsPerSecond) }
        lastSendByMethod[methodKey] = now
        return .send
    }

    /// The latest future `backoff` deadline among `methodKeys` (the readiness gate stays closed until then).
    ///
    /// Throttle deadlines are left out: a throttled request fails at once rather than waiting, perhaps hours.
    public func backoffDeadline(for methodKeys: [String], now: Date) -> Date? {
        methodKeys.compactMap { key in deadlines[key].flatMap { $0.kind == .backoff ? $0.until : nil } }
            .filter { $0 > now }.max()
    }

    /// Records what a response said: its `quota_remaining` and its `backoff` for `methodKey`.
    public mutating func record(quotaRemaining: Int?, backoff: Int?, methodKey: String, now: Date) {
        if let quotaRemaining {
            if quotaRemaining == 0 {
                quotaResetsAt = Self.nextMidnightUTC(after: now)
            } else {
                quotaResetsAt = nil
            }
            self.quotaRemaining = quotaRemaining
            quotaProbeInFlight = false
        }
        if let backoff, backoff > 0 {
            extend(methodKey, to: now.addingTimeInterval(TimeInterval(backoff)), kind: .backoff)
        }
    }

    /// A request ended without telling the quota (a transport failure): a probe after the reset may go again.
    public mutating func recordNoQuota() {
        quotaProbeInFlight = false
    }

    /// Records a `throttle_violation` asking to wait `seconds`; returns the deadline.
    ///
    /// `ipWide` ("too many requests from this IP") holds every method, else only `methodKey` is held.
    @discardableResult
    public mutating func recordThrottle(methodKey: String, seconds: TimeInterval, ipWide: Bool = false, now: Date) -> Date {
        let until = now.addingTimeInterval(seconds)
        if ipWide {
            ipThrottledUntil = max(ipThrottledUntil ?? until, until)
            return ipThrottledUntil ?? until
        }
        extend(methodKey, to: until, kind: .throttle)
        return deadlines[methodKey]?.until ?? until
    }

    /// A new request id, unique for this state.
    public mutating func nextRequestID() -> Int {
        lastRequestID += 1
        return lastRequestID
    }

    /// The first midnight UTC after `date`: the API documents the quota as daily, and we assume the day is UTC's.
    public static func nextMidnightUTC(after date: Date) -> Date {
        let day = (date.timeIntervalSince1970 / 86_400).rounded(.down)
        return Date(timeIntervalSince1970: (day + 1) * 86_400)
    }

    /// Deadlines only move later; a throttle outranks a backoff.
    private mutating func extend(_ methodKey: String, to until: Date, kind: DeadlineKind) {
        if let current = deadlines[methodKey], current.until >= until {
            if kind == .throttle { deadlines[methodKey]?.kind = .throttle }
            return
        }
        deadlines[methodKey] = (until, kind)
    }
}
