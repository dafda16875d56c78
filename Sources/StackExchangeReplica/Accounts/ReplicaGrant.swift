/// An access token the replica issued, as `--grant TOKEN:SCOPES[:USER_ID[:REPUTATION]]` gives it: only tokens it
/// issued are accepted, as the real API accepts only its own.
public struct ReplicaGrant: Sendable, Hashable {
    /// The scopes the API knows; a grant naming another is refused on the command line.
    public static let knownScopes: Set<String> = ["read_inbox", "no_expiry", "write_access", "private_info"]
    /// The bundled data's user `bob` (4567038), who asked the most active question: a grant is his unless it
    /// names another, so "a vote on your own post" has a post to try on.
    public static let defaultUserID = 4_567_038
    public static let defaultDisplayName = "bob"
    public static let defaultReputation = 52

    public var token: String
    public var scopes: Set<String>
    public var userID: Int
    public var displayName: String
    public var reputation: Int

    public init(
        token: String, scopes: Set<String>, userID: Int = ReplicaGrant.defaultUserID,
        displayName: String = ReplicaGrant.defaultDisplayName, reputation: Int = ReplicaGrant.defaultReputation
    ) {
        self.token = token
        self.scopes = scopes
        self.userID = userID
        self.displayName = displayName
        self.reputation = reputation
    }

    /// Reads `TOKEN:SCOPES[:USER_ID[:REPUTATION]]` (scopes comma-separated); nil with the reason when malformed.
    public static func parse(_ text: String) -> Result<ReplicaGrant, GrantError> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard (2...4).contains(parts.count), !parts[0].isEmpty,
              parts[0].allSatisfy({ $0.isLetter || $0.isNumber || "-_.()*".contains($0) })
        else { return .failure(GrantError("'\(text)' is not TOKEN:SCOPES[:USER_ID[:REPUTATION]]")) }
        let scopes = Set(parts[1].split(separator: ",").map(String.init))
        if let unknown = scopes.subtracting(knownScopes).sorted().first {
            return .failure(GrantError("unknown scope '\(unknown)' (known: \(knownScopes.sorted().joined(separator: ", ")))"))
        }
        var grant = ReplicaGrant(token: parts[0], scopes: scopes)
        if parts.count > 2 {
            guard let id = Int(parts[2]), id > 0 else { return .failure(GrantError("'\(parts[2])' is not a user id")) }
            grant.userID = id
            if id != defaultUserID { grant.displayName = "user\(id)" }
        }
        if parts.count > 3 {
            guard let reputation = Int(parts[3]), reputation >= 1 else {
                return .failure(GrantError("'\(parts[3])' is not a reputation"))
            }
            grant.reputation = reputation
        }
        return .success(grant)
    }

    /// Why a `--grant` was refused.
    public struct GrantError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
