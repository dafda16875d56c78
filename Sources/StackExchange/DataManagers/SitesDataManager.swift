public import Foundation
public import Operations
import Synchronization

/// The UI's source of the site list: reads every page of `/sites` (100 a page) and keeps the list for a day.
///
/// The list lives in memory for the process; its age is read on the client's clock, so a test can move the day.
public final class SitesDataManager: SiteListProviding {
    public let client: StackExchangeClient
    private let freshness: Mutex<SiteListFreshness>

    public init(client: StackExchangeClient, maximumAge: TimeInterval = SiteListFreshness.day) {
        self.client = client
        self.freshness = Mutex(SiteListFreshness(maximumAge: maximumAge))
    }

    private func clock() -> Date { client.clock.now() }

    @discardableResult
    public func sites(
        priority: RequestPriority, completion: @escaping @MainActor @Sendable (Result<[Site], APIError>) -> Void
    ) -> any Cancellable {
        let delivery = PendingDelivery<[Site]>(completion)
        if let fresh = freshness.withLock({ $0.freshSites(now: clock()) }) {
            delivery.deliver(.success(fresh))
            return delivery
        }
        let operation = AllPagesRetrievalOperation<Site>(
            client: client, series: [{ page in SitesRequest(page: page) }], methodKeys: ["/sites"], priority: priority,
            name: "sites", completionQueue: nil
        )
        operation.setCompletionHandler { [weak self] result in
            let result = result.map(\.items).mapError { $0 as? APIError ?? .decoding("\($0)") }
            if case .success(let sites) = result, let self {
                let now = clock()
                freshness.withLock { $0.store(sites, at: now) }
            }
            delivery.deliver(result)
        }
        operation.enqueue()
        return CancelAction {
            delivery.cancel()
            operation.cancel()
        }
    }
}
