/// A tag of a site, as `/tags` and `/tags/{tags}/info` answer with the default filter.
public struct TagInfo: Codable, Sendable, Hashable {
    public var name: String
    /// How many questions carry it.
    public var count: Int
    public var hasSynonyms: Bool
    public var isModeratorOnly: Bool
    public var isRequired: Bool

    public init(name: String, count: Int, hasSynonyms: Bool = false, isModeratorOnly: Bool = false, isRequired: Bool = false) {
        self.name = name
        self.count = count
        self.hasSynonyms = hasSynonyms
        self.isModeratorOnly = isModeratorOnly
        self.isRequired = isRequired
    }

    enum CodingKeys: String, CodingKey {
        case name, count
        case hasSynonyms = "has_synonyms"
        case isModeratorOnly = "is_moderator_only"
        case isRequired = "is_required"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        count = try c.decodeIfPresent(Int.self, forKey: .count) ?? 0
        hasSynonyms = try c.decodeIfPresent(Bool.self, forKey: .hasSynonyms) ?? false
        isModeratorOnly = try c.decodeIfPresent(Bool.self, forKey: .isModeratorOnly) ?? false
        isRequired = try c.decodeIfPresent(Bool.self, forKey: .isRequired) ?? false
    }
}
