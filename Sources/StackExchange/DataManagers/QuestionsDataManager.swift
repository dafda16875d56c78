import Foundation
public import Operations

/// The UI's source of question lists: builds, coalesces and schedules retrieval operations on a client.
///
/// The query decides the request (`QuestionsQuery.request(page:)`): `/search/advanced` or `/questions`. Identical requests in
/// flight share one operation; completions run on the main queue, never after the caller cancelled. An operation's
/// result goes from the thread it finished on to the main queue in one hop (`completionQueue: nil`, then the
/// coalescer's `MainQueueHop`).
public final class QuestionsDataManager: QuestionsDataManaging {
    public let client: StackExchangeClient
    private let coalescer: RequestCoalescer<Page<Question>>

    /// A manager on `client` whose results reach the main queue through `hop` (tests count the hops).
    public init(client: StackExchangeClient, hop: MainQueueHop = .mainQueue) {
        self.client = client
        coalescer = RequestCoalescer(hop: hop)
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
                client: client, query: query, page: page, priority: priority, completionQueue: nil)
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
