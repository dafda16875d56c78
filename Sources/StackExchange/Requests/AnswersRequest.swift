public import Foundation

/// `GET /questions/{ids}/answers?filter=withbody&sort=votes&order=desc`: the answers of questions, best first.
public struct AnswersRequest: APIRequest, Hashable {
    public var questionIDs: [Int]
    public var site: String
    /// 1-based.
    public var pageNumber: Int
    /// 1…100.
    public var pageSize: Int
    public var filter: String

    public init(
        questionIDs: [Int], site: String = "stackoverflow", page: Int = 1, pageSize: Int = 100,
        filter: String = "withbody"
    ) {
        self.questionIDs = questionIDs
        self.site = site
        self.pageNumber = page
        self.pageSize = pageSize
        self.filter = filter
    }

    public var endpoint: String {
        "/questions/" + questionIDs.map(String.init).joined(separator: ";") + "/answers"
    }
    public var methodKey: String { "/questions/{ids}/answers" }
    public var page: Int? { pageNumber }

    public var parameters: [URLQueryItem] {
        var items = PagingParameters(page: pageNumber, pageSize: pageSize).queryItems
        items.append("order", SortOrder.desc.rawValue)
        items.append("sort", "votes")
        items.append("site", site)
        items.append("filter", filter)
        return items
    }

    public func validate() throws(RequestValidationError) {
        try IDList.validate(questionIDs)
        try PagingParameters(page: pageNumber, pageSize: pageSize).validate()
    }
}
