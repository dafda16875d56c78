public import Foundation

/// `GET /questions/{ids}?filter=withbody`: questions by id, with their bodies.
public struct QuestionsByIDsRequest: APIRequest, Hashable {
    public var ids: [Int]
    public var site: String
    /// `withbody` unless the caller names another filter that includes the body.
    public var filter: String

    public init(ids: [Int], site: String = "stackoverflow", filter: String = "withbody") {
        self.ids = ids
        self.site = site
        self.filter = filter
    }

    public var endpoint: String { "/questions/" + ids.map(String.init).joined(separator: ";") }
    public var methodKey: String { "/questions/{ids}" }

    public var parameters: [URLQueryItem] {
        var items: [URLQueryItem] = []
        items.append("pagesize", String(min(100, max(1, ids.count))))
        items.append("site", site)
        items.append("filter", filter)
        return items
    }

    public func validate() throws(RequestValidationError) {
        try IDList.validate(ids)
    }
}
