public import Foundation

/// The shared request policy as a value: per-method deadlines from `backoff` and throttling, the last
/// `quota_remaining`, and the next request id. The client keeps one behind a Mutex.
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
    /// The last `quota_remaining` the API reported, if any.
    public private(set) var quotaRemaining: Int?
    private var lastRequestID = 0

    public init() {}

    /// Whether a request to `methodKey` may go at `now`.
    public func admission(methodKey: String, now: Date) -> Admission {
        if quotaRemaining == 0 { return .fail(.quotaExhausted) }
        guard let deadline = deadlines[methodKey], deadline.until > now else { return .send }
        switch deadline.kind {
        case .backoff: return .wait(until: deadline.until)
        case .throttle: return .fail(.throttled(until: deadline.until))
        }
    }

    /// The latest future `backoff` deadline among `methodKeys` (the readiness gate stays closed until then).
    ///
    /// Throttle deadlines are left out: a throttled request fails at once rather than waiting, perhaps hours.
    public func backoffDeadline(for methodKeys: [String], now: Date) -> Date? {
        methodKeys.compactMap { key in deadlines[key].flatMap { $0.kind == .backoff ? $0.until : nil } }
            .filter { $0 > now }.max()
    }

    /// Records what a page said: its `quota_remaining` and its `backoff` for `methodKey`.
    public mutating func record(quotaRemaining: Int?, backoff: Int?, methodKey: String, now: Date) {
        if let quotaRemaining { self.quotaRemaining = quotaRemaining }
        if let backoff, backoff > 0 {
            extend(methodKey, to: now.addingTimeInterval(TimeInterval(backoff)), kind: .backoff)
        }
    }

    /// Records a `throttle_violation` on `methodKey` asking to wait `seconds`; returns the deadline.
    @discardableResult
    public mutating func recordThrottle(methodKey: String, seconds: TimeInterval, now: Date) -> Date {
        let until = now.addingTimeInterval(seconds)
        extend(methodKey, to: until, kind: .throttle)
        return deadlines[methodKey]?.until ?? until
    }

    /// A new request id, unique for this state.
    public mutating func nextRequestID() -> Int {
        lastRequestID += 1
        return lastRequestID
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
