public import StackExchange

/// What a cached page is filed under: the site, the query and the page, beside a host.
///
/// The host is `sharedHost` for whatever API base served the page (`--offline` after the demo, whose
/// replica is on 127.0.0.1, shows what the demo cached). It stays in the key as the store's namespace: the cache
/// file's tables were keyed by the API host until v4, and the benchmarks file their entries under one of their own.
public struct CacheKey: Sendable, Hashable {
    /// The host every API base's entries are filed under.
    public static let sharedHost = "api"

    public var host: String
    public var site: String
    public var text: String

    /// The key of `page` of `query` filed under `host`.
    public init(host: String = CacheKey.sharedHost, query: QuestionsQuery, page: Int) {
        self.host = host.lowercased()
        self.site = query.site
        let tags = query.tags.map { $0.lowercased() }.sorted().joined(separator: ";")
        let search = query.searchText.map { "q=\($0)" } ?? "list"
        text = [self.host, query.site, search, "tags=\(tags)", query.sort.rawValue, query.order.rawValue,
                "size=\(query.pageSize)", "page=\(page)"].joined(separator: "|")
    }
}
