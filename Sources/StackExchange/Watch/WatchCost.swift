import Foundation

/// The requests a day of watching costs, computed by running the poll schedule over a simulated day.
public enum WatchCost {
    /// The API's daily quota per IP address: 300 requests without an app key, 10,000 with one.
    public static func dailyQuota(hasKey: Bool) -> Int { hasKey ? 10_000 : 300 }

    /// Requests a day for `tags` watched tags, `searches` searches and `questions` followed questions, spread over
    /// `sites` sites, polled every `intervalMinutes`, when nothing changes (each change adds its follow-ups).
    public static func requestsPerDay(tags: Int, questions: Int, searches: Int = 0, sites: Int, intervalMinutes: Int) -> Int {
        let start = Date(timeIntervalSince1970: 1_700_006_400)  // a midnight UTC
        let siteCount = max(1, sites)
        let watches = (0..<siteCount).map { index in
            SiteWatches(
                site: "site\(index)",
                tags: Set(spread(tags, over: siteCount, index: index).map { "tag\($0)" }),
                tagsSince: start,
                searches: Dictionary(uniqueKeysWithValues: spread(searches, over: siteCount, index: index).map { ("search \($0)", start) }),
                followed: Dictionary(uniqueKeysWithValues: spread(questions, over: siteCount, index: index).map { ($0 + 1, start) }))
        }
        return requestsPerDay(for: watches, settings: WatchSettings(intervalMinutes: intervalMinutes))
    }

    /// Requests a day for `watches` at `settings` when nothing changes: the status bar's "a day of watching costs N".
    public static func requestsPerDay(for watches: [SiteWatches], settings: WatchSettings) -> Int {
        let start = Date(timeIntervalSince1970: 1_700_006_400)
        var schedule = PollSchedule(watches: watches, settings: settings, start: start)
        let end = start.addingTimeInterval(86_400)
        var now = start
        var sent = 0
        while now < end {
            var wakeAt: Date?
            var actions = schedule.handle(.tick, now: now)
            while !actions.isEmpty {
                let action = actions.removeFirst()
                switch action {
                case .send(let request):
                    sent += 1
                    actions += schedule.handle(.delivered(request), now: now)
                case .wake(let at): wakeAt = at
                case .paused: break
                }
            }
            guard let wakeAt, wakeAt > now else { break }
            now = wakeAt
        }
        return sent
    }

    /// The items of `count` that fall on site `index` of `sites` (round robin).
    private static func spread(_ count: Int, over sites: Int, index: Int) -> [Int] {
        stride(from: index, to: count, by: sites).map { $0 }
    }
}
