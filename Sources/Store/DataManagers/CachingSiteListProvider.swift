public import Foundation
public import Operations
public import StackExchange
public import StorePorts

/// The site list with the store behind it: a stored list less than a day old answers without a request.
///
/// An older (or missing) list is asked of the network and the answer filed in the background; when the
/// network fails, an older stored list is still better than none. Without a network (`--offline`) only the
/// stored list answers, whatever its age, with the imported sites added. Ages are read on the cache's clock, so a test can move the day.
public final class CachingSiteListProvider: SiteListProviding {
    let network: (any SiteListProviding)?
    public let cache: QuestionCache
    /// The API host without its port: a replica on a new port each launch still finds the last launch's list.
    public let host: String
    public let maximumAge: TimeInterval
    /// The sites imported from data dumps, which an offline picker offers beside the stored list.
    let imported: ImportedSiteLibrary?

    public init(
        network: (any SiteListProviding)?, cache: QuestionCache, host: String,
        maximumAge: TimeInterval = SiteListFreshness.day, imported: ImportedSiteLibrary? = nil
    ) {
        self.imported = imported
        self.network = network
        self.cache = cache
        self.host = host
        self.maximumAge = maximumAge
    }

    @discardableResult
    public func sites(
        priority: RequestPriority, completion: @escaping @MainActor @Sendable (Result<[Site], APIError>) -> Void
    ) -> any Cancellable {
        let stored = cache.siteList(host: host)
        if network == nil, let imported, case let sites = imported.pickerSites(), !sites.isEmpty {
            // Offline: the imported sites first (every one can be read), then the rest of the stored list.
            let names = Set(sites.map(\.apiSiteParameter))
            let delivery = PendingDelivery<[Site]>(completion)
            delivery.deliver(.success(sites + (stored?.value ?? []).filter { !names.contains($0.apiSiteParameter) }))
            return delivery
        }
        if let stored, network == nil || isFresh(stored) {
            let delivery = PendingDelivery<[Site]>(completion)
            delivery.deliver(.success(stored.value))
            return delivery
        }
        guard let network else { return CachingQuestionsDataManager.failOffline(completion) }
        let cache = cache
        let host = host
        return network.sites(priority: priority) { result in
            switch result {
            case .success(let sites):
                cache.save(sites, host: host)
                completion(result)
            case .failure:
                completion(stored.map { .success($0.value) } ?? result)
            }
        }
    }

    /// True when `stored` was fetched less than `maximumAge` ago (a date in the future counts as stale).
    private func isFresh(_ stored: Cached<[Site]>) -> Bool {
        let age = cache.clock().timeIntervalSince(stored.fetchedAt)
        return age >= 0 && age < maximumAge
    }
}
