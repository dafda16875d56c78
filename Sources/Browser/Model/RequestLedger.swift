public import Foundation
public import StackExchange

/// Names one request of the browser; a response is applied only while its token is still in the ledger.
public struct RequestToken: Hashable, Sendable, CustomStringConvertible {
    public let value: Int
    public var description: String { "#\(value)" }
}

/// Every request the browser has in flight, in one table: what it asked for, on which lane, and why.
///
/// The model issues a token for each request and forgets it when the answer comes, when the request is
/// cancelled, or when what it was for is gone (the question left, the picker closed). A response whose token
/// is not in the ledger is stale and dropped unseen. Asking again for exactly what is in flight for the same
/// purpose keeps the request in flight instead of sending it again, and the ledger remembers when each
/// request was last answered, so a reload within `reloadWindow` of an answer is served from the screen.
public struct RequestLedger: Sendable {
    /// One request in flight.
    public struct Entry: Hashable, Sendable {
        public let token: RequestToken
        public let request: BrowserRequest
        public var lane: RequestPriority
        public let purpose: RequestPurpose
        public let sentAt: Date
    }

    /// How long an answer stands in for asking again: a held `r` sends at most one request per window.
    public static let reloadWindow: TimeInterval = 2

    public private(set) var entries: [RequestToken: Entry] = [:]
    private var answeredAt: [BrowserRequest: Date] = [:]
    private var lastToken = 0

    public init() {}

    /// The request in flight for `purpose` asking exactly `request`, if there is one.
    public func inFlight(_ request: BrowserRequest, for purpose: RequestPurpose) -> Entry? {
        entries.values.first { $0.request == request && $0.purpose == purpose }
    }

    /// The requests in flight for `purpose`.
    public func tokens(for purpose: RequestPurpose) -> [RequestToken] {
        entries.values.filter { $0.purpose == purpose }.map(\.token).sorted { $0.value < $1.value }
    }

    /// The list page request the paging machine's `token` names.
    public func token(forListPage token: PagingMachine.Token) -> RequestToken? {
        entries.values.first { $0.purpose == .listPage(token) }?.token
    }

    /// True when `request` was answered less than `reloadWindow` before `now`.
    public func wasAnsweredRecently(_ request: BrowserRequest, now: Date) -> Bool {
        guard let at = answeredAt[request] else { return false }
        return now.timeIntervalSince(at) < Self.reloadWindow && now >= at
    }

    /// Files a new request and returns its token and the effect that sends it.
    public mutating func issue(
        _ request: BrowserRequest, lane: RequestPriority, purpose: RequestPurpose, at now: Date
    ) -> (RequestToken, BrowserEffect) {
        lastToken += 1
        let token = RequestToken(value: lastToken)
        entries[token] = Entry(token: token, request: request, lane: lane, purpose: purpose, sentAt: now)
        return (token, .send(token, request, lane: lane))
    }

    /// The answer to `token` arrived: returns its entry, or nil when the request is no longer wanted.
    public mutating func answer(_ token: RequestToken, at now: Date, succeeded: Bool) -> Entry? {
        guard let entry = entries.removeValue(forKey: token) else { return nil }
        if succeeded { answeredAt[entry.request] = now } else { answeredAt[entry.request] = nil }
        // Only the answers that matter for reloads are kept: a handful, never a growing table.
        if answeredAt.count > 64 { answeredAt = answeredAt.filter { now.timeIntervalSince($0.value) < Self.reloadWindow } }
        return entry
    }

    /// Forgets that `request` was answered, so the next reload asks again (the content changed under it).
    public mutating func forgetAnswer(_ request: BrowserRequest) {
        answeredAt[request] = nil
    }

    /// Cancels the request `token` names; returns the effect, or nothing when it is not in flight.
    public mutating func cancel(_ token: RequestToken) -> [BrowserEffect] {
        guard entries.removeValue(forKey: token) != nil else { return [] }
        return [.cancel(token)]
    }

    /// Cancels every request in flight for `purpose`.
    public mutating func cancelAll(for purpose: RequestPurpose) -> [BrowserEffect] {
        tokens(for: purpose).flatMap { cancel($0) }
    }

    /// Cancels every request in flight whose purpose `matches`.
    public mutating func cancelAll(where matches: (RequestPurpose) -> Bool) -> [BrowserEffect] {
        entries.values.filter { matches($0.purpose) }.map(\.token).sorted { $0.value < $1.value }.flatMap { cancel($0) }
    }

    /// Cancels everything (quitting).
    public mutating func cancelEverything() -> [BrowserEffect] {
        cancelAll { _ in true }
    }
}
