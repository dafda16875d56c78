public import Foundation
public import StackExchange

/// Names one request of the browser; a response is applied only while its token is still in the ledger.
public struct RequestToken: Hashable, Sendable, CustomStringConvertible {
    public let value: Int
    public var description: String { "#\(value)" }
}

/// Every request the browser has in flight, in one table: what it asked for, on which lane, and what for.
///
/// This is the one place that knows whether a request is in flight: screens, the paging machine and the
/// runner ask it rather than keeping their own copy. The model issues a request here; asking for exactly what
/// is already in flight for the same purpose joins that request (its token is returned) rather than sending it
/// again, and a person's request joining a background one raises it to the user lane (the runner raises the one
/// request through the handle it holds: no data manager joins requests after the ledger). (The same request for
/// another purpose — the picker's site list and the status bar's names — is its own request, as each data
/// manager call is.) The ledger forgets a request when the answer comes, when it is cancelled, or when what it
/// was for is gone (the question left, the picker closed). A response whose token is not in the ledger is
/// stale and dropped unseen. It also remembers when each request was last answered, so a reload within `reloadWindow`
/// of an answer is served from the screen.
public struct RequestLedger: Hashable, Sendable {
    /// One request in flight.
    public struct Entry: Hashable, Sendable {
        public let token: RequestToken
        public let request: BrowserRequest
        /// The lane it travels on: the user lane once the person waits for it.
        public internal(set) var lane: RequestPriority
        public let purpose: RequestPurpose
        public let sentAt: Date
        /// When the person began to wait for it: its sending on the user lane, or its raising to it (a spinner's start).
        public internal(set) var waitedForSince: Date
    }

    /// What `issue` did: sent a new request, or joined the identical one in flight.
    public struct Issue: Hashable, Sendable {
        /// The token the answer will carry.
        public let token: RequestToken
        /// True when an identical request was already in flight and nothing new was sent.
        public let joined: Bool
        /// What the runner must do: send the request, raise the one joined to the user lane, or nothing.
        public let effects: [BrowserEffect]
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

    /// True while a request serving `purpose` is in flight.
    public func isAwaiting(_ purpose: RequestPurpose) -> Bool {
        entries.values.contains { $0.purpose == purpose }
    }

    /// Since when the person has waited for the oldest request in flight serving `purpose` (a spinner's start:
    /// its sending, or its raising to the user lane), if one is.
    public func awaitingSince(_ purpose: RequestPurpose) -> Date? {
        entries.values.filter { $0.purpose == purpose }.map(\.waitedForSince).min()
    }

    /// The requests in flight whose purpose `matches`, oldest first.
    public func entries(where matches: (RequestPurpose) -> Bool) -> [Entry] {
        entries.values.filter { matches($0.purpose) }.sorted { $0.token.value < $1.token.value }
    }

    /// The requests in flight serving `purpose`, oldest first.
    public func tokens(for purpose: RequestPurpose) -> [RequestToken] {
        entries.values.filter { $0.purpose == purpose }.map(\.token).sorted { $0.value < $1.value }
    }

    /// True when `request` was answered less than `reloadWindow` before `now`.
    public func wasAnsweredRecently(_ request: BrowserRequest, now: Date) -> Bool {
        guard let at = answeredAt[request] else { return false }
        return now.timeIntervalSince(at) < Self.reloadWindow && now >= at
    }

    /// Files `request` for `purpose`: a new request (sent on `lane`), or the identical one in flight, joined.
    ///
    /// When `lane` is the user's and the request joined travels on the background lane, it is raised (the
    /// prefetch a PageDown asks for becomes the person's load).
    public mutating func issue(
        _ request: BrowserRequest, lane: RequestPriority, purpose: RequestPurpose, at now: Date
    ) -> Issue {
        if var entry = inFlight(request, for: purpose) {
            var effects: [BrowserEffect] = []
            if lane == .user, entry.lane == .background {
                entry.lane = .user
                entry.waitedForSince = now
                effects.append(.raise(entry.token, request))
            }
            entries[entry.token] = entry
            return Issue(token: entry.token, joined: true, effects: effects)
        }
        lastToken += 1
        let token = RequestToken(value: lastToken)
        entries[token] = Entry(
            token: token, request: request, lane: lane, purpose: purpose, sentAt: now, waitedForSince: now)
        return Issue(token: token, joined: false, effects: [.send(token, request, lane: lane)])
    }

    /// Files `kind`, a request of a kind sent for one thing only: its purpose is its kind (`RequestKind.ownPurpose`),
    /// so a new kind adds no case to `RequestPurpose`.
    mutating func issue<K: RequestKind>(_ kind: K, lane: RequestPriority, at now: Date) -> Issue {
        issue(BrowserRequest(kind), lane: lane, purpose: K.ownPurpose, at: now)
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

    /// Cancels every request in flight for `purpose`, newest first (see `cancelAll(where:)`).
    public mutating func cancelAll(for purpose: RequestPurpose) -> [BrowserEffect] {
        tokens(for: purpose).reversed().flatMap { cancel($0) }
    }

    /// Cancels every request in flight whose purpose `matches`, newest first: a request still waiting for its lane
    /// (the newer ones) is withdrawn before an older one's cancel frees a place on that lane, so it never starts
    /// only to be cancelled on the wire.
    public mutating func cancelAll(where matches: (RequestPurpose) -> Bool) -> [BrowserEffect] {
        entries(where: matches).reversed().flatMap { cancel($0.token) }
    }

    /// Cancels everything (quitting).
    public mutating func cancelEverything() -> [BrowserEffect] {
        cancelAll { _ in true }
    }
}
