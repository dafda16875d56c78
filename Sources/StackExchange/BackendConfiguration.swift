public import Foundation

/// Where and how the client talks to the API: base URL, site, app key, filter, User-Agent and timeout.
///
/// `description` never contains the app key, so a configuration can be logged or traced safely.
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
    /// Seconds before a request without an answer fails with a timeout.
    public var timeout: TimeInterval
    /// Requests per second at most (the config file's `rate_limit`); nil: the client's standard limit.
    public var rateLimit: Int?

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

    public var description: String {
        let keyText = key == nil ? "no key" : "key set"
        let filterText = filter.map { ", filter \($0)" } ?? ""
        return "\(baseURL.absoluteString) site \(site), \(keyText)\(filterText), timeout \(Int(timeout))s"
    }
}
