/// The common wrapper of every API response: one page of items plus the quota and backoff.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var hasMore: Bool
    public var quotaMax: Int?
    public var quotaRemaining: Int?
    /// Seconds to wait before calling the same method again, when the API asks for it.
    public var backoff: Int?
    public var page: Int?
    public var pageSize: Int?
    public var total: Int?
    /// For a search of the local store: each found question's snippet, by question id (empty from the API).
    public var snippets: [Int: SearchSnippet] = [:]

    public init(
        items: [Item], hasMore: Bool, quotaMax: Int? = nil, quotaRemaining: Int? = nil, backoff: Int? = nil,
        page: Int? = nil, pageSize: Int? = nil, total: Int? = nil
    ) {
        self.items = items
        self.hasMore = hasMore
        self.quotaMax = quotaMax
        self.quotaRemaining = quotaRemaining
        self.backoff = backoff
        self.page = page
        self.pageSize = pageSize
        self.total = total
    }
}

extension Page: Equatable where Item: Equatable {}
