import HTTPDriver
public import Foundation

/// Where and how the client talks to the API: base URL, site, app key, filter, User-Agent and timeout.
///
/// `description` never contains the app key or the access token, so a configuration can be logged or traced safely.
public struct BackendConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// The API root every endpoint path is appended to (`https://api.stackexchange.com/2.3`).
    public var baseURL: URL
    /// The default site (`stackoverflow`); a query may name another.
    public var site: String
    /// The app key, sent as the `key` query parameter; it raises the quota and allows pages above 25.
    public var key: String?
    /// A filter applied to list requests that do not ask for one of their own.
    public var filter: String?
    /// Sent as `User-Agent` on every request.
    public var userAgent: String
    /// Seconds before a request without an answer fails with a timeout (an idle timeout: any byte restarts it).
    public var timeout: TimeInterval
    /// Seconds a request may take in all, however its bytes trickle in (the config file's `request_deadline`).
    public var deadline: TimeInterval = 30
    /// Requests per second at most (the config file's `rate_limit`); nil: the client's standard limit.
    public var rateLimit: Int?
    /// The signed-in person's access token: a secret, sent with every request (beside `key`) and only over a
    /// transport that may carry it (`https`, or loopback).
    public var accessToken: String?
    /// The filter made at sign-in (`/filters/create`: `withbody` plus the caller's `upvoted`, `downvoted` and
    /// `favorited`); while signed in it stands in for `withbody`, so the votes shown are the account's.
    public var signedInFilter: String?

    /// The real API.
    public static let defaultBaseURL = URL(string: "https://api.stackexchange.com/2.3")!

    public init(
        baseURL: URL = BackendConfiguration.defaultBaseURL, site: String = "stackoverflow", key: String? = nil,
        filter: String? = nil, userAgent: String = "stackterm/\(StacktermVersion.current)",
        timeout: TimeInterval = 15
    ) {
        self.baseURL = baseURL
        self.site = site
        self.key = key
        self.filter = filter
        self.userAgent = userAgent
        self.timeout = timeout
    }

    /// The key, when one is set and this base URL may carry it: `https`, or `http` to a loopback address.
    /// Over any other `http` the key would cross the network in clear text, so it is never sent.
    public var sendableKey: String? {
        guard let key, !key.isEmpty, Self.mayCarryKey(baseURL) else { return nil }
        return key
    }

    /// The access token, when one is set beside a key and this base URL may carry it. The API refuses a token
    /// without a key, and de-authorises one that crossed the network in clear text.
    public var sendableAccessToken: String? {
        guard let accessToken, !accessToken.isEmpty, sendableKey != nil else { return nil }
        return accessToken
    }

    /// Why this configuration must not start, if it must not: a key with a base URL that may not carry it.
    public var keyTransportProblem: String? {
        guard let key, !key.isEmpty, !Self.mayCarryKey(baseURL) else { return nil }
        return "refusing to send the app key over plain http to \(baseURL.host ?? "?"): use https (or a loopback address)"
    }

    /// True for `https`, and for `http` to 127.0.0.0/8, `::1` or `localhost`.
    public static func mayCarryKey(_ url: URL) -> Bool { AddressRule.mayCarryKey(url) }

    /// True when `url`'s host is 127.0.0.0/8, `::1` or `localhost`.
    public static func isLoopback(_ url: URL) -> Bool { AddressRule.isLoopback(url) }

    public var description: String {
        let keyText = (key == nil ? "no key" : "key set") + (accessToken == nil ? "" : ", signed in")
        let filterText = filter.map { ", filter \($0)" } ?? ""
        return "\(baseURL.absoluteString) site \(site), \(keyText)\(filterText), timeout \(Int(timeout))s"
    }
}
