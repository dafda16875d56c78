/// A Stack Exchange site as `/sites` returns it: its API name (the `site` parameter) and its display name.
///
/// Decoding is tolerant: only `api_site_parameter` and `name` are required. `name` is HTML-escaped on the
/// wire (`Unix &amp; Linux`); `plainName` is what a terminal shows.
public struct Site: Codable, Sendable, Hashable {
    /// The value of the `site` parameter (`stackoverflow`, `unix`).
    public var apiSiteParameter: String
    public var name: String
    public var siteURL: String?
    /// `main_site` or `meta_site`.
    public var siteType: String?
    public var audience: String?

    public init(apiSiteParameter: String, name: String, siteURL: String? = nil, siteType: String? = nil, audience: String? = nil) {
        self.apiSiteParameter = apiSiteParameter
        self.name = name
        self.siteURL = siteURL
        self.siteType = siteType
        self.audience = audience
    }

    enum CodingKeys: String, CodingKey {
        case apiSiteParameter = "api_site_parameter"
        case name
        case siteURL = "site_url"
        case siteType = "site_type"
        case audience
    }

    /// The name as plain text for the terminal.
    public var plainName: String { PlainText.decode(name) }
}

extension Site {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        apiSiteParameter = try c.decode(String.self, forKey: .apiSiteParameter)
        name = try c.decode(String.self, forKey: .name)
        siteURL = try c.decodeIfPresent(String.self, forKey: .siteURL)
        siteType = try c.decodeIfPresent(String.self, forKey: .siteType)
        audience = try c.decodeIfPresent(String.self, forKey: .audience)
    }
}
