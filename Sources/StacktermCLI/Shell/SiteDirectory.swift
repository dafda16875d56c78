import Browser
public import StackExchange

/// The network's site list read as hosts to API names (`mathoverflow.net` → `mathoverflow.net`,
/// `unix.stackexchange.com` → `unix`): what a link's host names, as the site picker knows the sites.
public struct SiteDirectory: Sendable, Equatable {
    private var names: [String: String]

    /// The directory of `sites` (each site's `site_url`; a site without a plain http(s) URL is left out).
    public init(sites: [Site]) {
        var names: [String: String] = [:]
        for site in sites {
            guard let host = QuestionLink.host(ofSiteURL: site.siteURL) else { continue }
            var key = host.lowercased()
            if key.hasPrefix("www.") { key.removeFirst(4) }
            names[key] = site.apiSiteParameter
        }
        self.names = names
    }

    /// The API name of the site at `host` (lower-case, without `www.`), nil when the list has no such site.
    public func name(host: String) -> String? {
        names[host]
    }

    /// True when the list names no site at all.
    public var isEmpty: Bool { names.isEmpty }
}
