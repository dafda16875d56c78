import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Operations
import StackExchange

/// The API door under `--offline`: every request fails at once as "not connected", as the account's do
/// (`OfflineAccountRequests`), so a kind that asks the network says why it cannot.
struct OfflineAPIRequests: APIRequestPerforming {
    func perform<Item: Decodable & Sendable>(
        _ request: any APIRequest, as item: Item.Type, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Item>, APIError>) -> Void
    ) -> any Cancellable {
        let delivery = PendingDelivery<Page<Item>>(completion)
        delivery.deliver(.failure(.transport(URLError(.notConnectedToInternet))))
        return delivery
    }
}
