public import Foundation

/// `GET /answers/{ids}`: answers by id (a `/a/ID` link names only the answer; its `question_id` finds the question).
public struct AnswersByIDsRequest: APIRequest, Hashable {
    public var ids: [Int]
    public var site: String

    public init(ids: [Int], site: String = "stackoverflow") {
        self.ids = ids
        self.site = site
    }

    public var endpoint: String { "/answers/" + ids.map(String.init).joined(separator: ";") }
    public var methodKey: String { "/answers/{ids}" }

    public var parameters: [URLQueryItem] {
        var items: [URLQueryItem] = []
        items.append("pagesize", String(min(100, max(1, ids.count))))
        items.append("site", site)
        return items
    }

    public func validate() throws(RequestValidationError) {
        try IDList.validate(ids)
    }
}
