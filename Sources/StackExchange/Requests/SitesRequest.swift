public import Foundation

/// `GET /sites?pagesize=100`: one page of every site of the network. It takes no `site` parameter.
public struct SitesRequest: APIRequest, Hashable {
    /// 1-based.
    public var pageNumber: Int
    /// 1…100.
    public var pageSize: Int

    public init(page: Int = 1, pageSize: Int = 100) {
        self.pageNumber = page
        self.pageSize = pageSize
    }

    public var endpoint: String { "/sites" }
    public var methodKey: String { "/sites" }
    public var page: Int? { pageNumber }
    public var isPerSite: Bool { false }

    public var parameters: [URLQueryItem] {
        var items = PagingParameters(page: pageNumber, pageSize: pageSize).queryItems
        // The configured filter is for posts; sites need the default fields only.
        items.append("filter", "default")
        return items
    }

    public func validate() throws(RequestValidationError) {
        try PagingParameters(page: pageNumber, pageSize: pageSize).validate()
    }
}
