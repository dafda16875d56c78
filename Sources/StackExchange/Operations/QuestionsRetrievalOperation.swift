public import Foundation
public import Operations

/// Retrieves one page of a questions list: `/questions`, or `/search/advanced` for a query with search text.
///
/// The query decides the request once (`QuestionsQuery.request(page:)`); named like
/// "questions stackoverflow activity p2" or "search stackoverflow \"swift\" p1".
public final class QuestionsRetrievalOperation: APIRequestOperation<Question>, @unchecked Sendable {
    // @unchecked Sendable: adds only immutable state to its Sendable-safe superclass.

    /// The list this page belongs to.
    public let query: QuestionsQuery

    /// An operation for page `page` (1-based) of `query`.
    public init(
        client: StackExchangeClient, query: QuestionsQuery, page: Int, priority: RequestPriority = .user,
        completionQueue: DispatchQueue? = .main, completion: CompletionHandler? = nil
    ) {
        self.query = query
        super.init(
            client: client, request: query.request(page: page), priority: priority,
            name: query.operationName(page: page), completionQueue: completionQueue, completion: completion)
    }
}
