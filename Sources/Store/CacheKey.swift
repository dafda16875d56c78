public import StackExchange

/// What a cached page is filed under: the API host without its port, the site, the query and the page.
///
/// The port is left out so a replica on a new port each launch still finds what the last launch cached.
public struct CacheKey: Sendable, Hashable {
    public var host: String
    public var site: String
    public var text: String

    /// The key of `page` of `query` served by `host`.
    public init(host: String, query: QuestionsQuery, page: Int) {
        self.host = host.lowercased()
        self.site = query.site
        let tags = query.tags.map { $0.lowercased() }.sorted().joined(separator: ";")
        let search = query.searchText.map { "q=\($0)" } ?? "list"
        text = [self.host, query.site, search, "tags=\(tags)", query.sort.rawValue, query.order.rawValue,
                "size=\(query.pageSize)", "page=\(page)"].joined(separator: "|")
    }
}
