/// The owner of a post as the API embeds it (`shallow_user`).
///
/// A deleted user (`user_type: does_not_exist`) carries only `display_name`, so every other
/// field is optional. Strings are as on the wire: HTML-escaped.
public struct ShallowUser: Codable, Sendable, Hashable {
    public var userID: Int?
    public var accountID: Int?
    public var displayName: String?
    public var reputation: Int?
    public var userType: String?
    public var acceptRate: Int?
    public var profileImage: String?
    public var link: String?

    public init(
        userID: Int? = nil, accountID: Int? = nil, displayName: String? = nil, reputation: Int? = nil,
        userType: String? = nil, acceptRate: Int? = nil, profileImage: String? = nil, link: String? = nil
    ) {
        self.userID = userID
        self.accountID = accountID
        self.displayName = displayName
        self.reputation = reputation
        self.userType = userType
        self.acceptRate = acceptRate
        self.profileImage = profileImage
        self.link = link
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case accountID = "account_id"
        case displayName = "display_name"
        case reputation
        case userType = "user_type"
        case acceptRate = "accept_rate"
        case profileImage = "profile_image"
        case link
    }

    /// The display name as plain text for the terminal (deleted users keep theirs).
    public var plainDisplayName: String? { displayName.map(PlainText.decode) }

    /// True for a user whose account no longer exists.
    public var isDeleted: Bool { userType == "does_not_exist" }
}
