/// Reads the common wrapper (`items`, `has_more`, `quota_max`, `quota_remaining`, `backoff`, `page`, `page_size`,
/// `total`); only `items` is required, a missing `has_more` reads as false.
extension Page: Decodable where Item: Decodable {
    enum CodingKeys: String, CodingKey {
        case items
        case hasMore = "has_more"
        case quotaMax = "quota_max"
        case quotaRemaining = "quota_remaining"
        case backoff, page
        case pageSize = "page_size"
        case total
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            items: try c.decode([Item].self, forKey: .items),
            hasMore: try c.decodeIfPresent(Bool.self, forKey: .hasMore) ?? false,
            quotaMax: try c.decodeIfPresent(Int.self, forKey: .quotaMax),
            quotaRemaining: try c.decodeIfPresent(Int.self, forKey: .quotaRemaining),
            backoff: try c.decodeIfPresent(Int.self, forKey: .backoff),
            page: try c.decodeIfPresent(Int.self, forKey: .page),
            pageSize: try c.decodeIfPresent(Int.self, forKey: .pageSize),
            total: try c.decodeIfPresent(Int.self, forKey: .total))
    }
}
