import Foundation
import StackExchange
import StorePorts

/// The watches are shared with every other stackterm through the data file: another window, the shell's
/// `watch --once`. The browser reads the file again once a poll interval, so a watch added or removed elsewhere,
/// items marked seen elsewhere and the quota another answer told show here within an interval; and any answer of
/// this run that tells the quota (a list page, a question) tells the poll schedule too.
extension WatchState {
    /// The next read of the data file is asked for this long after the last.
    static func refreshInterval(in context: ScreenContext) -> TimeInterval {
        context.configuration.watch.schedule.interval
    }

    /// After each reading of the data file: the next is due an interval on, woken by the polls' timer when it is
    /// due then, else by a timer of its own.
    mutating func scheduleRefresh(in context: ScreenContext) -> [BrowserEffect] {
        let at = context.now.addingTimeInterval(Self.refreshInterval(in: context))
        refreshAt = at
        guard wakeAt != at else { return [] }
        return [.wake(after: Self.refreshInterval(in: context) + Self.watchWakeMargin)]
    }

    /// A tick: reads the data file again once the interval since the last reading is up.
    mutating func refreshIfDue(in context: ScreenContext) -> [BrowserEffect] {
        guard let due = refreshAt, context.now >= due else { return [] }
        refreshAt = nil
        return [.read(.watches)]
    }

    /// The data file read again: its watches replace this run's (the schedule hears of those added and removed),
    /// its unseen items replace the banner's (items found elsewhere are shown, not told outside the terminal again:
    /// the stackterm that found them did), and a quota it learnt today holds the polls under the floor.
    mutating func refresh(from snapshot: WatchSnapshot, in context: inout ScreenContext) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        if Set(snapshot.watches.map(WatchIdentity.init)) != Set(entries.map(WatchIdentity.init)) {
            entries = snapshot.watches
            effects += watchesChanged(in: &context)
            screen.keepSelectionVisible(count: entries.count, height: max(1, context.bodyHeight - 2))
        }
        unseen = snapshot.unseen
        announced.formUnion(snapshot.unseen)
        receiveLooks(snapshot.looks)
        if let quota = snapshot.quota, quota.at <= context.now, Self.sameUTCDay(quota.at, context.now),
           quota.at > (quotaHeardAt ?? .distantPast) {
            quotaHeardAt = quota.at
            quotaMax = quota.max
            quotaHeard = quota.remaining
            effects += poll(.quota(remaining: quota.remaining, max: quota.max), in: &context)
        }
        return effects + scheduleRefresh(in: context)
    }

    /// After every event: an answer of this run told the quota left (`ScreenContext.quotaRemaining`); the poll
    /// schedule hears it, so no poll goes out under the floor. The day's quota is the last one a watch answer gave,
    /// else the API's default for a run without a key.
    mutating func hearQuota(in context: inout ScreenContext) -> [BrowserEffect] {
        guard schedule != nil, let remaining = context.status.quotaRemaining, remaining != quotaHeard else { return [] }
        quotaHeard = remaining
        return poll(.quota(remaining: remaining, max: quotaMax ?? WatchCost.dailyQuota(hasKey: context.configuration.watch.hasKey)), in: &context)
    }

    /// What the `W` screen says when a day of watching at the interval would spend more than half of the quota
    /// left today (the last answer's, else the day's whole quota: 300 without a key): how to spend less, or have more.
    public func costWarning(hasKey: Bool) -> String? {
        let left = quotaHeard ?? quotaMax ?? WatchCost.dailyQuota(hasKey: hasKey)
        guard isWatching, requestsPerDay * 2 > left else { return nil }
        let advice = hasKey ? "a longer [watch] interval_minutes spends less"
            : "an app key gives 10,000 a day (key = \"…\" in the config, or STACKEXCHANGE_KEY), or a longer [watch] interval_minutes spends less"
        return "about \(requestsPerDay) requests a day is more than half of the \(left) left today: " + advice
    }

    static func sameUTCDay(_ first: Date, _ second: Date) -> Bool {
        Int(first.timeIntervalSince1970 / 86_400) == Int(second.timeIntervalSince1970 / 86_400)
    }
}

/// A watch without its time: what tells two watches apart.
struct WatchIdentity: Hashable {
    let site: String
    let kind: WatchEntry.Kind
    let subject: String

    init(_ entry: WatchEntry) {
        site = entry.site
        kind = entry.kind
        subject = entry.subject
    }
}
