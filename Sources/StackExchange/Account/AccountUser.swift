/// The signed-in person as `/me` answers: who the token belongs to on the site asked.
public struct AccountUser: Codable, Sendable, Hashable {
    public var userID: Int
    public var accountID: Int?
    /// HTML-escaped, as on the wire; show `plainDisplayName`.
    public var displayName: String
    public var reputation: Int

    public init(userID: Int, accountID: Int? = nil, displayName: String, reputation: Int) {
        self.userID = userID
        self.accountID = accountID
        self.displayName = displayName
        self.reputation = reputation
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case accountID = "account_id"
        case displayName = "display_name"
        case reputation
    }

    public var plainDisplayName: String { PlainText.decode(displayName) }
}
