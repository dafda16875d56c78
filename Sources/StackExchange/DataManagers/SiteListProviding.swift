public import Operations

/// The door the UI uses to get the list of every site; `SitesDataManager` is the real one.
///
/// Kept this small so that a cache that survives restarts (the store) can stand in for it. `completion` runs
/// on the main queue (main actor) exactly once, unless the request was cancelled first.
public protocol SiteListProviding: Sendable {
    /// Every site of the network, from a list at most a day old when there is one, else from `/sites`.
    @discardableResult
    func sites(
        priority: RequestPriority, completion: @escaping @MainActor @Sendable (Result<[Site], APIError>) -> Void
    ) -> any Cancellable
}
