import Foundation
public import Operations

/// The UI's source of question lists: builds, coalesces and schedules retrieval operations on a client.
///
/// The query decides the request (`QuestionsQuery.request(page:)`): `/search/advanced` or `/questions`. Identical requests in
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
        let key: String
        do {
            key = try query.request(page: page).url(configuration: client.configuration).absoluteString
        } catch {
            return Self.fail(error.apiError, completion)
        }
        return coalescer.join(key: key, priority: priority, completion: completion) { deliver in
            let operation = QuestionsRetrievalOperation(
                client: client, query: query, page: page, priority: priority, completionQueue: deliveryQueue)
            operation.setCompletionHandler { result in
                deliver(result.mapError { $0 as? APIError ?? .decoding("\($0)") })
            }
            // Cancelled from outside (cancelAll, a group): the callers still waiting hear it, and the entry goes.
            operation.setCancellationHandler { deliver(.failure(.cancelled)) }
            return operation
        } raise: { operation in
            { operation.raiseToUserPriority() }
        } schedule: { operation in
            operation.enqueue()
        }
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
