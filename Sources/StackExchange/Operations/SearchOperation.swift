public import Foundation
public import Operations

/// Retrieves one page of search results (`/search/advanced?q=`), named like "search stackoverflow \"swift\" p1".
public final class SearchOperation: APIRequestOperation<Question>, @unchecked Sendable {
    // @unchecked Sendable: adds only immutable state to its Sendable-safe superclass.

    /// The search this page belongs to; its `searchText` is the text searched.
    public let query: QuestionsQuery

    public init(
        client: StackExchangeClient, query: QuestionsQuery, page: Int, priority: RequestPriority = .user,
        completionQueue: DispatchQueue = .main, completion: CompletionHandler? = nil
    ) {
        self.query = query
        let request = SearchRequest(query: query, page: page)
        let text = PlainText.decode(query.searchText ?? "").prefix(40)
        super.init(
            client: client, request: request, priority: priority, name: "search \(query.site) \"\(text)\" p\(page)",
            completionQueue: completionQueue, completion: completion)
    }
}
