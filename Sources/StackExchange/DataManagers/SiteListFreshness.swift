public import Foundation

/// The site list kept in memory with the time it was fetched; it is fresh for `maximumAge` (a day by default).
///
/// The list of sites changes a few times a year, so asking `/sites` (two pages) more than daily wastes quota.
public struct SiteListFreshness: Sendable, Hashable {
    public static let day: TimeInterval = 86_400

    public var maximumAge: TimeInterval
    public private(set) var sites: [Site]?
    public private(set) var fetchedAt: Date?

    public init(maximumAge: TimeInterval = Self.day) {
        self.maximumAge = maximumAge
    }

    /// The list, if one was fetched less than `maximumAge` before `now`.
    public func freshSites(now: Date) -> [Site]? {
        guard let sites, let fetchedAt, now.timeIntervalSince(fetchedAt) < maximumAge, now >= fetchedAt else { return nil }
        return sites
    }

    /// Records a list fetched at `date`.
    public mutating func store(_ sites: [Site], at date: Date) {
        self.sites = sites
        fetchedAt = date
    }
}
