public import Foundation

/// `GET /questions`: one page of a site's questions, sorted, optionally limited to an AND-set of tags.
public struct QuestionsListRequest: APIRequest, Hashable {
    public var site: String
    /// 1-based.
    public var pageNumber: Int
    /// 1…100.
    public var pageSize: Int
    public var sort: QuestionSort
    public var order: SortOrder
    /// Joined with `;`, which the API reads as AND.
    public var tags: [String]
    public var filter: String?

    public init(
        site: String = "stackoverflow", page: Int = 1, pageSize: Int = 30, sort: QuestionSort = .activity,
        order: SortOrder = .desc, tags: [String] = [], filter: String? = nil
    ) {
        self.site = site
        self.pageNumber = page
        self.pageSize = pageSize
        self.sort = sort
        self.order = order
        self.tags = tags
        self.filter = filter
    }

    /// The request for page `page` of `query` (which must have no `searchText`; see `SearchRequest`).
    public init(query: QuestionsQuery, page: Int, filter: String? = nil) {
        self.init(
            site: query.site, page: page, pageSize: query.pageSize, sort: query.sort, order: query.order,
            tags: query.tags, filter: filter)
    }

    public var endpoint: String { "/questions" }
    public var methodKey: String { "/questions" }
    public var page: Int? { pageNumber }

    public var parameters: [URLQueryItem] {
        var items = PagingParameters(page: pageNumber, pageSize: pageSize).queryItems
        items.append("order", order.rawValue)
        // `relevance` belongs to a search; a list left with it (its search cleared) shows the default order.
        items.append("sort", sort == .relevance ? QuestionSort.activity.rawValue : sort.rawValue)
        items.append("tagged", tags.isEmpty ? nil : tags.joined(separator: ";"))
        items.append("site", site)
        items.append("filter", filter)
        return items
    }

    public func validate() throws(RequestValidationError) {
        try PagingParameters(page: pageNumber, pageSize: pageSize).validate()
    }
}
