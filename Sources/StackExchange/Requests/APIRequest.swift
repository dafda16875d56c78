public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// One call to the API: an endpoint with its parameters, turned into a `URLRequest` for a configuration.
///
/// Conforming types describe only what is particular to them; `urlRequest(configuration:)` adds what every
/// request carries: `site` (unless the request names one), the configured `filter` (unless the request
/// names one), `key` when configured (and only over a transport it may travel on), `Accept-Encoding: gzip`
/// and the User-Agent. Every query value is percent-encoded down to the unreserved characters, so `c++`,
/// `c#`, `a&b` and non-ASCII text reach the API as typed (its form decoding reads a bare `+` as a space).
public protocol APIRequest: Sendable {
    /// The path below the base URL, starting with `/` (`/questions/1;2/answers`).
    var endpoint: String { get }
    /// The HTTP method; the API is read with `GET`.
    var method: String { get }
    /// The query items particular to this request; `site` may be among them.
    var parameters: [URLQueryItem] { get }
    /// Extra headers particular to this request.
    var headers: [String: String] { get }
    /// The API method, used to track `backoff` per method (`/questions/{ids}/answers`).
    var methodKey: String { get }
    /// The page this request asks for, for traces.
    var page: Int? { get }
    /// Throws `RequestValidationError` when a parameter is out of the API's range.
    func validate() throws(RequestValidationError)
    /// False for the network-wide methods (`/sites`), which take no `site` parameter.
    var isPerSite: Bool { get }
    /// The path traces and observers see: the endpoint, unless it holds a secret (a token to de-authorise).
    var tracedPath: String { get }
    /// True for a write (`POST`, parameters in a form body): never retried, never coalesced.
    var isWrite: Bool { get }
}

extension APIRequest {
    public var method: String { isWrite ? "POST" : "GET" }
    public var tracedPath: String { endpoint }
    public var headers: [String: String] { [:] }
    public var page: Int? { nil }
    public var isPerSite: Bool { true }
    public var isWrite: Bool { false }
    public func validate() throws(RequestValidationError) {}

    /// The full request for `configuration`; throws `RequestValidationError` for an out-of-range parameter.
    public func urlRequest(configuration: BackendConfiguration) throws(RequestValidationError) -> URLRequest {
        let url = try self.url(configuration: configuration)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.timeout)
        request.httpMethod = method
        if isWrite {
            // A write's parameters (its credentials among them) travel in the form body, never the URL.
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            let form = components?.percentEncodedQuery ?? ""
            components?.percentEncodedQuery = nil
            if let bare = components?.url { request.url = bare }
            request.httpBody = Data(form.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// The request's URL for `configuration`, with `site`, `key` (when configured) and the parameters.
    /// Throws `RequestValidationError` for an out-of-range parameter.
    public func url(configuration: BackendConfiguration) throws(RequestValidationError) -> URL {
        try validate()
        if let page, page > PagingParameters.pagesWithoutKey, configuration.sendableKey == nil {
            throw .pageNeedsKey(page)
        }
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: base + endpoint) else {
            throw RequestValidationError(parameter: "endpoint", reason: "not a valid URL path: \(endpoint)")
        }
        var items = parameters
        if isPerSite, !items.contains(where: { $0.name == "site" }) {
            items.append(URLQueryItem(name: "site", value: configuration.site))
        }
        if let filter = configuration.filter, !items.contains(where: { $0.name == "filter" }) {
            items.append(URLQueryItem(name: "filter", value: filter))
        }
        if let signedIn = configuration.signedInFilter, configuration.sendableAccessToken != nil,
           let index = items.firstIndex(where: { $0.name == "filter" && $0.value == "withbody" })
        {
            items[index].value = signedIn
        }
        if let key = configuration.sendableKey {
            items.append(URLQueryItem(name: "key", value: key))
        }
        if let token = configuration.sendableAccessToken {
            items.append(URLQueryItem(name: "access_token", value: token))
        }
        components.percentEncodedQuery = QueryEncoding.encode(items)
        guard let url = components.url else {
            throw RequestValidationError(parameter: "endpoint", reason: "cannot build a URL for \(endpoint)")
        }
        return url
    }
}
