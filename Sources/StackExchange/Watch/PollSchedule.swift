public import Foundation

/// When each watch request is sent, as a value: events in (time, responses, backoff, quota), actions out.
///
/// Every site is polled once an interval: its tags in one `/search/advanced`, each search, its followed questions
/// in one `/questions/{ids}` per 100. Followed questions whose activity moved on are followed up by their answers,
/// then by the comments on them and their answers. No request is sent twice within a minute (`identity` ignores
/// the dates), none while offline, none of a method the API asked to rest, and none once the quota left is under
/// the floor, until the quota resets at midnight UTC.
public struct PollSchedule: Sendable, Equatable {
    public private(set) var settings: WatchSettings
    /// The watches, with the times they are polled up to moved on as responses arrive (for the store to keep).
    public private(set) var watches: [String: SiteWatches]
    /// Requests due but not sent yet (held by backoff, the quota or the once-a-minute rule).
    public private(set) var pending: [WatchRequest] = []

    private var nextPoll: [String: Date] = [:]
    private var lastSent: [String: Date] = [:]
    private var sentAt: [WatchRequest: Date] = [:]
    private var backoffUntil: [String: Date] = [:]
    /// The quota the last answer gave, and when it resets.
    private struct Quota: Sendable, Equatable {
        var remaining: Int
        var max: Int
        var resetsAt: Date
    }
    private var quota: Quota?
    private var offline = false

    /// A schedule whose first poll of every site is at `start`.
    public init(watches: [SiteWatches], settings: WatchSettings = WatchSettings(), start: Date) {
        self.settings = settings
        self.watches = Dictionary(watches.map { ($0.site, $0) }, uniquingKeysWith: { $1 })
        for site in self.watches.keys { nextPoll[site] = start }
    }

    /// Takes `event` at `now` and returns what to do: the requests to send, a pause, and when to be woken.
    public mutating func handle(_ event: PollEvent, now: Date) -> [PollAction] {
        remember(event, now: now)
        return drain(now: now)
    }

    /// Takes `event` at `now` without acting on it yet: what an earlier run learnt (the quota, a backoff), given
    /// before the first `.tick`.
    public mutating func remember(_ event: PollEvent, now: Date) {
        switch event {
        case .tick: break
        case .offline(let isOffline): offline = isOffline
        case .backoff(let method, let seconds):
            backoffUntil[method] = max(backoffUntil[method] ?? now, now.addingTimeInterval(TimeInterval(seconds)))
        case .quota(let remaining, let max):
            quota = Quota(remaining: remaining, max: max, resetsAt: Self.nextMidnightUTC(after: now))
        case .delivered(let request):
            record(delivered: request)
        case .activity(let site, let lastActivity):
            followUp(site: site, lastActivity: lastActivity)
        case .answered(let request, let answerIDs):
            if case .answers(let site, let questionIDs, let since) = request {
                enqueue(Self.batches(questionIDs + answerIDs).map { .comments(site: site, postIDs: $0, since: since) })
            }
        case .failed(let request):
            sentAt[request] = nil
        case .watchesChanged(let list):
            let sites = Set(list.map(\.site))
            watches = Dictionary(list.map { ($0.site, $0) }, uniquingKeysWith: { $1 })
            for site in sites where nextPoll[site] == nil { nextPoll[site] = now }
            for site in nextPoll.keys where !sites.contains(site) { nextPoll[site] = nil }
            pending.removeAll { !sites.contains($0.site) }
        }
    }

    /// The pause in force at `now`, if any, for the status bar.
    public func pause(at now: Date) -> PollPause? {
        if offline { return .offline }
        if let quota, now < quota.resetsAt {
            let floor = settings.floor(quotaMax: quota.max)
            if quota.remaining < floor { return .underQuotaFloor(remaining: quota.remaining, floor: floor) }
        }
        let resting = pending.compactMap { backoffUntil[$0.methodKey] }.filter { $0 > now }
        if let until = resting.max() { return .backingOff(seconds: Int(until.timeIntervalSince(now).rounded(.up))) }
        return nil
    }

    // MARK: - Sending

    private mutating func drain(now: Date) -> [PollAction] {
        if offline { return [.paused(.offline)] + wake(now: now) }
        if let current = quota, now >= current.resetsAt { quota = nil }
        for (site, due) in nextPoll.sorted(by: { $0.key < $1.key }) where due <= now {
            if let watched = watches[site] { enqueue(watched.pollRequests) }
            var next = due
            while next <= now { next += settings.interval }
            nextPoll[site] = next
        }
        var actions: [PollAction] = []
        var held: [WatchRequest] = []
        for request in pending {
            if let quota, quota.remaining < settings.floor(quotaMax: quota.max) {
                held.append(request)
                continue
            }
            if let until = backoffUntil[request.methodKey], until > now {
                held.append(request)
                continue
            }
            if let last = lastSent[request.identity], now.timeIntervalSince(last) < WatchSettings.repeatSpacing {
                held.append(request)
                continue
            }
            lastSent[request.identity] = now
            sentAt[request] = now
            if let current = quota { quota = Quota(remaining: current.remaining - 1, max: current.max, resetsAt: current.resetsAt) }
            actions.append(.send(request))
        }
        pending = held
        if let pause = pause(at: now) { actions.append(.paused(pause)) }
        return actions + wake(now: now)
    }

    private func wake(now: Date) -> [PollAction] {
        var times = Array(nextPoll.values)
        for request in pending {
            if let until = backoffUntil[request.methodKey], until > now { times.append(until) }
            if let last = lastSent[request.identity] { times.append(last + WatchSettings.repeatSpacing) }
        }
        if let quota, quota.remaining < settings.floor(quotaMax: quota.max) {
            // Nothing is sent before the reset, whatever else is due.
            return [.wake(at: max(quota.resetsAt, times.filter { $0 > now }.min() ?? quota.resetsAt))]
        }
        guard let earliest = times.filter({ $0 > now }).min() else { return [] }
        return [.wake(at: earliest)]
    }

    private mutating func enqueue(_ requests: [WatchRequest]) {
        for request in requests where !pending.contains(where: { $0.identity == request.identity }) {
            pending.append(request)
        }
    }

    // MARK: - Responses

    private mutating func record(delivered request: WatchRequest) {
        guard let sent = sentAt.removeValue(forKey: request) else { return }
        switch request {
        case .newInTags(let site, _, _):
            watches[site]?.tagsSince = sent
        case .newInSearch(let site, let text, _):
            if watches[site]?.searches[text] != nil { watches[site]?.searches[text] = sent }
        default: break
        }
    }

    private mutating func followUp(site: String, lastActivity: [Int: Date]) {
        guard var watched = watches[site] else { return }
        var changed: [Int] = []
        var since: Date?
        for (id, activity) in lastActivity.sorted(by: { $0.key < $1.key }) {
            guard let seen = watched.followed[id], activity > seen else { continue }
            changed.append(id)
            since = min(since ?? seen, seen)
            watched.followed[id] = activity
        }
        watches[site] = watched
        guard let since else { return }
        enqueue(Self.batches(changed).map { .answers(site: site, questionIDs: $0, since: since) })
    }

    private static func batches(_ ids: [Int]) -> [[Int]] {
        let unique = Array(Set(ids)).sorted()
        return stride(from: 0, to: unique.count, by: WatchRequest.maximumIDs).map {
            Array(unique[$0..<min(unique.count, $0 + WatchRequest.maximumIDs)])
        }
    }

    /// The quota resets at midnight UTC.
    static func nextMidnightUTC(after date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.startOfDay(for: date)
        return calendar.date(byAdding: .day, value: 1, to: start)!
    }
}
