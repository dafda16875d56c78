import Foundation
public import Operations

/// The real `APIRequestPerforming`: one `APIRequestOperation` a request, on the client's queues and policy.
///
/// It joins nothing: the browser's ledger already keeps one request for equal asks. The page goes from the thread
/// its operation finished on to the main queue in one hop (`PendingDelivery`); a cancel withdraws the caller and
/// closes the connection.
public final class APIDataManager: APIRequestPerforming {
    public let client: StackExchangeClient

    public init(client: StackExchangeClient) {
        self.client = client
    }

    @discardableResult
    public func perform<Item: Decodable & Sendable>(
        _ request: any APIRequest, as item: Item.Type, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Item>, APIError>) -> Void
    ) -> any Cancellable {
        let delivery = PendingDelivery<Page<Item>>(completion)
        do {
            try request.validate()
        } catch {
            delivery.deliver(.failure(error.apiError))
            return delivery
        }
        let operation = APIRequestOperation<Item>(
            client: client, request: request, priority: priority, name: request.tracedPath, completionQueue: nil)
        operation.setCompletionHandler { result in
            delivery.deliver(result.mapError { $0 as? APIError ?? .decoding("\($0)") })
        }
        // Cancelled from outside (cancelAll, a group): a caller still waiting hears it.
        operation.setCancellationHandler { delivery.deliver(.failure(.cancelled)) }
        operation.enqueue()
        return CancelAction {
            delivery.cancel()
            operation.cancel()
        }
    }
}
