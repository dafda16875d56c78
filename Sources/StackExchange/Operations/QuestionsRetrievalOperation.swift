public import Foundation
public import Operations

/// Retrieves one page of a questions list (`/questions`), named like "questions stackoverflow p2".
public final class QuestionsRetrievalOperation: APIRequestOperation<Question>, @unchecked Sendable {
    // @unchecked Sendable: adds only immutable state to its Sendable-safe superclass.

    /// The list this page belongs to.
    public let query: QuestionsQuery

    /// An operation for page `page` (1-based) of `query`; `query.searchText` is ignored (see `SearchOperation`).
    public init(
        client: StackExchangeClient, query: QuestionsQuery, page: Int, priority: RequestPriority = .user,
        completionQueue: DispatchQueue = .main, completion: CompletionHandler? = nil
    ) {
        self.query = query
        let request = QuestionsListRequest(query: query, page: page)
        let tags = query.tags.isEmpty ? "" : " [\(query.tags.joined(separator: ";"))]"
        super.init(
            client: client, request: request, priority: priority,
            name: "questions \(query.site)\(tags) \(query.sort.rawValue) p\(page)",
            completionQueue: completionQueue, completion: completion)
    }
}
