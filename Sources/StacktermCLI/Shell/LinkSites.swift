public import Foundation
public import Store
public import StackExchange

/// Which site list reads a link's host: the one the site picker keeps in the store, asked of the network when the
/// store has none fresh and the names built in are not sure of the host; the names built in when offline.
public enum LinkSites {
    /// How long a stored list answers without asking again: the picker's day.
    public static let maximumAge: TimeInterval = 24 * 60 * 60

    /// The directory for link `text` of the API at `apiHost`: the stored list of `cache`, or (when `fetch` is given,
    /// the host is one the names built in only guess at, and the stored list is missing or a day old) the network's,
    /// filed in `cache` for the next launch and the picker. Nil when there is no list: the names built in decide.
    public static func directory(
        for text: String, apiHost: String, cache: QuestionCache?, now: Date = Date(),
        fetch: (() -> Result<[Site], APIError>)? = nil
    ) -> SiteDirectory? {
        guard let host = QuestionAddress.host(of: text) else { return nil }
        let stored = cache?.siteList(host: apiHost)
        let isFresh = stored.map { now.timeIntervalSince($0.fetchedAt) >= 0 && now.timeIntervalSince($0.fetchedAt) < maximumAge } ?? false
        if let stored, isFresh || fetch == nil || QuestionAddress.isSettled(host: host) {
            return SiteDirectory(sites: stored.value)
        }
        guard let fetch, !QuestionAddress.isSettled(host: host) else { return nil }
        switch fetch() {
        case .success(let sites) where !sites.isEmpty:
            cache?.write(sites, host: apiHost, at: now)
            return SiteDirectory(sites: sites)
        default:
            return stored.map { SiteDirectory(sites: $0.value) }
        }
    }
}
