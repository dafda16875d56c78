public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Whether a request may go through a proxy the environment names (`http_proxy`, `https_proxy`, `all_proxy`).
///
/// The key's rule (`AddressRule.mayCarryKey`: https, or plain http on loopback only) holds for the proxy
/// too. A loopback address is never proxied: a proxy elsewhere would receive the request, key included, in clear
/// text. A plain-http request that carries the key or an access token is never proxied either. https goes through
/// a proxy inside its tunnel (CONNECT), where the proxy sees the host's name and nothing more.
public enum ProxyRule {
    public static func mayUseProxy(_ request: URLRequest) -> Bool {
        guard let url = request.url else { return false }
        if AddressRule.isLoopback(url) { return false }
        if url.scheme?.lowercased() == "https" { return true }
        return !carriesCredentials(request)
    }

    /// True when the address's query or the form's body names the key or an access token.
    static func carriesCredentials(_ request: URLRequest) -> Bool {
        let secretNames: Set<String> = ["key", "access_token"]
        let queryItems = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.queryItems } ?? []
        var formItems: [URLQueryItem] = []
        if let body = request.httpBody, !body.isEmpty {
            var form = URLComponents()
            form.percentEncodedQuery = String(decoding: body, as: UTF8.self)
            formItems = form.queryItems ?? []
        }
        return (queryItems + formItems).contains { secretNames.contains($0.name.lowercased()) }
    }
}
