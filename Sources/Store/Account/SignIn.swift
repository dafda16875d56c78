public import Foundation

/// A sign-in as `stackterm login` keeps it: the access token (a secret), the filter made for it, who it is,
/// and the API it belongs to.
///
/// `description` leaves the token out, so a sign-in can be printed or traced safely.
public struct SignIn: Codable, Sendable, Hashable, CustomStringConvertible {
    public var accessToken: String
    /// The `/filters/create` filter that asks for the caller's votes (nil: signed-in reads use `withbody`).
    public var filter: String?
    public var userID: Int
    public var displayName: String
    public var reputation: Int
    /// The site `/me` was asked on.
    public var site: String
    /// The API root the token was made for; it is sent nowhere else.
    public var apiBase: String

    public init(accessToken: String, filter: String?, userID: Int, displayName: String, reputation: Int, site: String, apiBase: String) {
        self.accessToken = accessToken
        self.filter = filter
        self.userID = userID
        self.displayName = displayName
        self.reputation = reputation
        self.site = site
        self.apiBase = apiBase
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case filter
        case userID = "user_id"
        case displayName = "display_name"
        case reputation, site
        case apiBase = "api_base"
    }

    public var description: String { "\(displayName) (reputation \(reputation))" }
}
