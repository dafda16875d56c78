/// One kind of write the signed-in person may make on a site, as `/me/write-permissions` answers: one item per
/// `object_type` (`question`, `answer`, `comment`, `edit`…), with the site's limits on it.
public struct WritePermission: Codable, Sendable, Hashable {
    public var userID: Int?
    /// The kind of object written (`question`, `answer`, `comment`, `edit`).
    public var objectType: String
    public var canAdd: Bool
    public var canEdit: Bool
    public var canDelete: Bool
    /// How many writes of the kind a UTC day.
    public var maxDailyActions: Int
    /// The least time between two writes of the kind.
    public var minSecondsBetweenActions: Int

    public init(
        userID: Int? = nil, objectType: String, canAdd: Bool = true, canEdit: Bool = true, canDelete: Bool = true,
        maxDailyActions: Int, minSecondsBetweenActions: Int
    ) {
        self.userID = userID
        self.objectType = objectType
        self.canAdd = canAdd
        self.canEdit = canEdit
        self.canDelete = canDelete
        self.maxDailyActions = maxDailyActions
        self.minSecondsBetweenActions = minSecondsBetweenActions
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case objectType = "object_type"
        case canAdd = "can_add"
        case canEdit = "can_edit"
        case canDelete = "can_delete"
        case maxDailyActions = "max_daily_actions"
        case minSecondsBetweenActions = "min_seconds_between_actions"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        userID = try c.decodeIfPresent(Int.self, forKey: .userID)
        objectType = try c.decode(String.self, forKey: .objectType)
        canAdd = try c.decodeIfPresent(Bool.self, forKey: .canAdd) ?? false
        canEdit = try c.decodeIfPresent(Bool.self, forKey: .canEdit) ?? false
        canDelete = try c.decodeIfPresent(Bool.self, forKey: .canDelete) ?? false
        maxDailyActions = try c.decodeIfPresent(Int.self, forKey: .maxDailyActions) ?? 0
        minSecondsBetweenActions = try c.decodeIfPresent(Int.self, forKey: .minSecondsBetweenActions) ?? 0
    }
}
