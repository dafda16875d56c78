public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Which redirects a request may follow: only reads, only to `https` (or `http` on loopback), and never with
/// the app key or the access token unless the redirect stays on the same origin.
public enum RedirectPolicy {
    public enum Decision: Equatable, Sendable {
        case follow(URLRequest)
        case refuse(String)
    }

    /// The query items that are credentials.
    static let secretNames: Set<String> = ["key", "access_token"]

    /// What to do when `original` is redirected to `next`.
    public static func follow(from original: URLRequest?, to next: URLRequest) -> Decision {
        guard let target = next.url else { return .refuse("a redirect without an address") }
        let shown = "\(target.scheme ?? "?")://\(target.host ?? "?")"
        // A write's form body holds the token: it is never sent anywhere it was not addressed to.
        if let method = original?.httpMethod, method != "GET" {
            return .refuse("a \(method) redirected to \(shown)")
        }
        guard AddressRule.mayCarryKey(target) else {
            return .refuse("plain http to \(shown)")
        }
        guard let from = original?.url, !sameOrigin(from, target) else { return .follow(next) }
        var stripped = next
        stripped.url = withoutSecrets(target)
        return .follow(stripped)
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && a.port == b.port
    }

    /// `url` without the `key` and `access_token` query items.
    static func withoutSecrets(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let items = components.queryItems
        else { return url }
        let kept = items.filter { !secretNames.contains($0.name) }
        components.queryItems = kept.isEmpty ? nil : kept
        return components.url ?? url
    }
}
