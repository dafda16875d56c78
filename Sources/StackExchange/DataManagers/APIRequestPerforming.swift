public import Operations

/// The door for any API request: performs it under the client's policy and decodes its items as the caller says.
///
/// A browser request kind with an endpoint of its own sends its `APIRequest` through this door, so a new endpoint
/// needs no data manager, protocol or port of its own. `completion` runs on the main queue (main actor) exactly
/// once, unless the request was cancelled first, in which case it never runs.
public protocol APIRequestPerforming: Sendable {
    /// Performs `request` on the `priority` lane and decodes the response's items as `Item`.
    @discardableResult
    func perform<Item: Decodable & Sendable>(
        _ request: any APIRequest, as item: Item.Type, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Item>, APIError>) -> Void
    ) -> any Cancellable
}
