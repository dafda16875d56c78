public import Foundation

/// `GET /posts/{ids}/comments?filter=withbody&sort=creation&order=asc`: the comments on up to 100 posts
/// (questions or answers alike), oldest first as the site shows them.
public struct CommentsRequest: APIRequest, Hashable {
    /// The API takes at most this many ids in one `{ids}`.
    public static let maximumIDs = 100

    public var postIDs: [Int]
    public var site: String
    /// 1-based.
    public var pageNumber: Int
    /// 1…100.
    public var pageSize: Int

    public init(postIDs: [Int], site: String = "stackoverflow", page: Int = 1, pageSize: Int = 100) {
        self.postIDs = postIDs
        self.site = site
        self.pageNumber = page
        self.pageSize = pageSize
    }

    public var endpoint: String { "/posts/" + postIDs.map(String.init).joined(separator: ";") + "/comments" }
    public var methodKey: String { "/posts/{ids}/comments" }
    public var page: Int? { pageNumber }

    public var parameters: [URLQueryItem] {
        var items = PagingParameters(page: pageNumber, pageSize: pageSize).queryItems
        items.append("order", SortOrder.asc.rawValue)
        items.append("sort", "creation")
        items.append("site", site)
        items.append("filter", "withbody")
        return items
    }

    public func validate() throws(RequestValidationError) {
        try IDList.validate(postIDs)
        try PagingParameters(page: pageNumber, pageSize: pageSize).validate()
    }

    /// `ids` cut into runs of at most 100, in order, without duplicates: one request's worth each.
    public static func batches(_ ids: [Int]) -> [[Int]] {
        var seen = Set<Int>()
        let unique = ids.filter { seen.insert($0).inserted }
        return stride(from: 0, to: unique.count, by: maximumIDs).map { Array(unique[$0..<min(unique.count, $0 + maximumIDs)]) }
    }
}
