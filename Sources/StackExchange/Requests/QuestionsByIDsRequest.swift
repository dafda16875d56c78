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

/// The rules for `{ids}` in a path: 1…100 positive ids.
enum IDList {
    static func validate(_ ids: [Int]) throws(RequestValidationError) {
        guard (1...100).contains(ids.count) else {
            throw RequestValidationError(parameter: "ids", reason: "need 1…100 ids, got \(ids.count)")
        }
        if let bad = ids.first(where: { $0 <= 0 }) {
            throw RequestValidationError(parameter: "ids", reason: "ids are positive, got \(bad)")
        }
    }
}
