public import Foundation

/// What one site's watches are, each with the time it has been polled up to.
///
/// Tags and searches are polled for questions created since their date; each followed question for activity after
/// the activity last seen on it.
public struct SiteWatches: Sendable, Hashable {
    /// The API site parameter (`stackoverflow`, `unix`).
    public var site: String
    /// Watched tags; one `/search/advanced?tagged=a;b;c` asks for five of them (any of them matches).
    public var tags: Set<String>
    /// Questions created from this time on are new in the tags.
    public var tagsSince: Date
    /// Watched searches, each its own `/search/advanced?q=` request, with the time it is polled up to.
    public var searches: [String: Date]
    /// Followed questions, each with the last activity seen on it.
    public var followed: [Int: Date]

    public init(site: String, tags: Set<String> = [], tagsSince: Date, searches: [String: Date] = [:], followed: [Int: Date] = [:]) {
        self.site = site
        self.tags = tags
        self.tagsSince = tagsSince
        self.searches = searches
        self.followed = followed
    }

    /// True when nothing is watched on the site.
    public var isEmpty: Bool { tags.isEmpty && searches.isEmpty && followed.isEmpty }

    /// The requests one poll of the site sends: the tags by 5 (the API's most for `tagged`), each search, the
    /// followed questions by 100.
    public var pollRequests: [WatchRequest] {
        var requests: [WatchRequest] = []
        let sortedTags = tags.sorted()
        for start in stride(from: 0, to: sortedTags.count, by: WatchRequest.maximumTags) {
            let group = Array(sortedTags[start..<min(sortedTags.count, start + WatchRequest.maximumTags)])
            requests.append(.newInTags(site: site, tags: group, since: tagsSince))
        }
        for (text, since) in searches.sorted(by: { $0.key < $1.key }) {
            requests.append(.newInSearch(site: site, text: text, since: since))
        }
        let ids = followed.keys.sorted()
        for start in stride(from: 0, to: ids.count, by: WatchRequest.maximumIDs) {
            requests.append(.followedQuestions(site: site, ids: Array(ids[start..<min(ids.count, start + WatchRequest.maximumIDs)])))
        }
        return requests
    }
}
