/// A tag as `/tags` and `/tags/{tags}/info` send it with the default filter.
struct WireTag: Codable, Sendable, Equatable {
    var hasSynonyms = false
    var isModeratorOnly = false
    var isRequired = false
    var count: Int
    var name: String
}

/// One of the signed-in person's write permissions, as `/me/write-permissions` sends it: one per `object_type`.
struct WireWritePermission: Codable, Sendable, Equatable {
    var userId: Int
    var objectType: String
    var canAdd: Bool
    var canEdit: Bool
    var canDelete: Bool
    var maxDailyActions: Int
    var minSecondsBetweenActions: Int
}
