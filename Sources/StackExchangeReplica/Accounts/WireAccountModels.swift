/// The signed-in user as `/me` sends it.
struct WireUser: Codable, Sendable {
    var userId: Int
    var accountId: Int
    var displayName: String
    var reputation: Int
    var userType = "registered"
    var link: String
}

/// One item of a person's inbox (network-wide: each names its site).
struct WireInboxItem: Codable, Sendable {
    var itemType: String
    var questionId: Int?
    var answerId: Int?
    var commentId: Int?
    var title: String
    var creationDate: Int
    var isUnread: Bool
    var site: WireSite
    var link: String
    var body: String?
}

/// What `/apps/{tokens}/de-authenticate` answers for each token.
struct WireAccessToken: Codable, Sendable {
    var accessToken: String
    var accountId: Int?
}

/// What `/filters/create` answers.
struct WireFilter: Codable, Sendable {
    var filter: String
    var filterType: String
    var includedFields: [String]
}
