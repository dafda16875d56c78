import Foundation
public import Operations

/// The UI's source of question lists: builds, coalesces and schedules retrieval operations on a client.
///
/// A query with `searchText` goes to `/search/advanced`, any other to `/questions`. Identical requests in
/// flight share one operation; completions run on the main queue, never after the caller cancelled.
public final class QuestionsDataManager: QuestionsDataManaging {
    public let client: StackExchangeClient
    private let coalescer = RequestCoalescer<Page<Question>>()
    /// The queue operations complete on before the result is handed to the main queue.
    private let deliveryQueue = DispatchQueue(label: "stackterm.questions.delivery")

    public init(client: StackExchangeClient) {
        self.client = client
    }

    /// Requests in flight (for tests and diagnostics).
    public var inFlightCount: Int { coalescer.inFlightCount }

    @discardableResult
    public func questions(
        _ query: QuestionsQuery, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable {
        let request: any APIRequest = query.searchText == nil
            ? QuestionsListRequest(query: query, page: page) : SearchRequest(query: query, page: page)
        let key: String
        do {
            key = try request.url(configuration: client.configuration).absoluteString
        } catch {
            return Self.fail(error.apiError, completion)
        }
        return coalescer.join(key: key, completion: completion) { deliver in
            let operation = makeOperation(query, page: page, priority: priority)
            operation.setCompletionHandler { result in
                deliver(result.mapError { $0 as? APIError ?? .decoding("\($0)") })
            }
            return operation
        } schedule: { operation in
            operation.enqueue()
        }
    }

    private func makeOperation(_ query: QuestionsQuery, page: Int, priority: RequestPriority) -> APIRequestOperation<Question> {
        if query.searchText != nil {
            return SearchOperation(client: client, query: query, page: page, priority: priority, completionQueue: deliveryQueue)
        }
        return QuestionsRetrievalOperation(
            client: client, query: query, page: page, priority: priority, completionQueue: deliveryQueue)
    }

    /// Delivers `error` on the main queue without sending anything.
    static func fail<Value: Sendable>(
        _ error: APIError, _ completion: @escaping @MainActor @Sendable (Result<Value, APIError>) -> Void
    ) -> any Cancellable {
        let delivery = PendingDelivery<Value>(completion)
        delivery.deliver(.failure(error))
        return delivery
    }
}
