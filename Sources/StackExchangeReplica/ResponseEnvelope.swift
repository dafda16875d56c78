/// The common wrapper of every successful API response; optional fields are left out, never null.
struct ResponseEnvelope<Item: Encodable>: Encodable {
    var items: [Item]
    var has_more: Bool
    var quota_max: Int
    var quota_remaining: Int
    var backoff: Int?
}
