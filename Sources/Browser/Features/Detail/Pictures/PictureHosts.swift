public import Foundation

/// Where pictures may be fetched from: the sites' own image hosts over https, loopback (a local replica), and the
/// hosts `[images] hosts` adds. Any other picture stays a link: fetching it would tell a third party who reads what.
public struct PictureHosts: Sendable, Equatable {
    /// The hosts the sites' posts put their pictures on.
    public static let siteImageHosts: Set<String> = ["i.sstatic.net", "i.stack.imgur.com"]

    /// Hosts allowed besides the sites' (over https).
    public var extra: Set<String>

    public init(extra: [String] = []) {
        self.extra = Set(extra.map { $0.lowercased() })
    }

    /// Why `address` may not be fetched, or nil when it may.
    public func refusal(_ address: String) -> String? {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
            return "not a web address"
        }
        if Self.isLoopback(host) { return scheme == "http" || scheme == "https" ? nil : "not a web address" }
        guard Self.siteImageHosts.contains(host) || extra.contains(host) else { return "\(host) is not an image host ([images] hosts)" }
        return scheme == "https" ? nil : "plain http"
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
