/// The validated `page`, `pagesize`, `sort` and `order` of one request.
struct PagingParameters: Sendable, Hashable {
    var page: Int
    var pageSize: Int
    var sort: String
    var ascending: Bool

    static func parse(
        _ query: [String: String], sorts: Set<String>, defaultSort: String
    ) -> Result<PagingParameters, APIFailure> {
        var page = 1
        if let text = query["page"] {
            guard let value = Int(text), value >= 1 else { return .failure(.badParameter("page")) }
            page = value
        }
        var pageSize = 30
        if let text = query["pagesize"] {
            guard let value = Int(text), (0...100).contains(value) else { return .failure(.badParameter("pagesize")) }
            pageSize = value
        }
        if page > 25, (query["key"] ?? "").isEmpty, (query["access_token"] ?? "").isEmpty {
            return .failure(.pageAboveLimit)
        }
        let sort = query["sort"] ?? defaultSort
        guard sorts.contains(sort) else { return .failure(.badParameter("sort")) }
        let order = query["order"] ?? "desc"
        guard order == "desc" || order == "asc" else { return .failure(.badParameter("order")) }
        return .success(PagingParameters(page: page, pageSize: pageSize, sort: sort, ascending: order == "asc"))
    }

    /// The slice of `items` this page covers and whether more follow.
    func slice<T>(_ items: [T]) -> (items: [T], hasMore: Bool) {
        let start = min((page - 1) * pageSize, items.count)
        let end = min(start + pageSize, items.count)
        return (Array(items[start..<end]), end < items.count)
    }
}
