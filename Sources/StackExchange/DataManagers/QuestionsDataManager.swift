import Foundation
public import Operations

/// The UI's source of question lists: builds and schedules retrieval operations on a client.
///
/// The query decides the request (`QuestionsQuery.request(page:)`): `/search/advanced` or `/questions`. Each call is a
/// request of its own (the browser's `RequestLedger` joins identical ones before they get here); its handle cancels it
/// and raises a prefetch to the user lane (`OperationHandle`). Completions run on the main queue, never after the caller
/// cancelled; an operation's result goes from the thread it finished on to the main queue in one hop
/// (`completionQueue: nil`, then the delivery's `MainQueueHop`).
public final class QuestionsDataManager: QuestionsDataManaging {
    public let client: StackExchangeClient
    private let hop: MainQueueHop

    /// A manager on `client` whose results reach the main queue through `hop` (tests count the hops).
    public init(client: StackExchangeClient, hop: MainQueueHop = .mainQueue) {
        self.client = client
        self.hop = hop
    }

    @discardableResult
    public func questions(
        _ query: QuestionsQuery, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable {
        do {
            _ = try query.request(page: page).url(configuration: client.configuration)
        } catch {
            return Self.fail(error.apiError, completion)
        }
        let delivery = PendingDelivery<Page<Question>>(completion, hop: hop)
        let operation = QuestionsRetrievalOperation(
            client: client, query: query, page: page, priority: priority, completionQueue: nil)
        operation.setCompletionHandler { result in
            delivery.deliver(result.mapError { $0 as? APIError ?? .decoding("\($0)") })
        }
        operation.setCancellationHandler { delivery.deliver(.failure(.cancelled)) }
        operation.enqueue()
        return OperationHandle(operation: operation, delivery: delivery) { operation.raiseToUserPriority() }
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
