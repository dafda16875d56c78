public import Foundation

/// `GET /search/advanced?q=`: one page of questions matching free text, optionally limited to tags.
///
/// `/search/advanced` reads several `tagged` tags as OR (at least one), unlike `/questions` (AND). To keep
/// one meaning everywhere, the tags go into `q` as `[tag]` terms, which the API requires every one of.
public struct SearchRequest: APIRequest, Hashable {
    public var text: String
    public var site: String
    /// 1-based.
    public var pageNumber: Int
    /// 1…100.
    public var pageSize: Int
    public var sort: QuestionSort
    public var order: SortOrder
    /// Every one required: sent as `[tag]` terms in `q`.
    public var tags: [String]
    public var filter: String?

    public init(
        text: String, site: String = "stackoverflow", page: Int = 1, pageSize: Int = 30,
        sort: QuestionSort = .activity, order: SortOrder = .desc, tags: [String] = [], filter: String? = nil
    ) {
        self.text = text
        self.site = site
        self.pageNumber = page
        self.pageSize = pageSize
        self.sort = sort
        self.order = order
        self.tags = tags
        self.filter = filter
    }

    /// The search for page `page` of `query`; its `searchText` is the text.
    public init(query: QuestionsQuery, page: Int, filter: String? = nil) {
        self.init(
            text: query.searchText ?? "", site: query.site, page: page, pageSize: query.pageSize, sort: query.sort,
            order: query.order, tags: query.tags, filter: filter)
    }

    public var endpoint: String { "/search/advanced" }
    public var methodKey: String { "/search/advanced" }
    public var page: Int? { pageNumber }

    public var parameters: [URLQueryItem] {
        var items = PagingParameters(page: pageNumber, pageSize: pageSize).queryItems
        items.append("order", order.rawValue)
        items.append("sort", Self.searchSort(sort))
        items.append("q", query)
        items.append("site", site)
        items.append("filter", filter)
        return items
    }

    /// `q` as sent: one `[tag]` term per tag (all required), then the text.
    public var query: String {
        (tags.map { "[\($0)]" } + [text]).joined(separator: " ")
    }

    /// `/search/advanced` knows activity, creation, votes and relevance; the list-only sorts fall back to votes.
    static func searchSort(_ sort: QuestionSort) -> String {
        switch sort {
        case .activity, .creation, .votes, .relevance: sort.rawValue
        case .hot, .week, .month: "votes"
        }
    }

    public func validate() throws(RequestValidationError) {
        try PagingParameters(page: pageNumber, pageSize: pageSize).validate()
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw RequestValidationError(parameter: "q", reason: "search text is empty")
        }
    }
}
