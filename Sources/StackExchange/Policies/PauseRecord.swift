public import Foundation

/// The pauses the API asked for, as every stackterm keeps them in the data file: the methods resting after a
/// `backoff`, the methods and the whole IP held by a `throttle_violation`, each until when. A process reads them
/// before it sends, so a pause outlives the process that heard it (a `--print` run again, `watch --once` from cron).
public struct PauseRecord: Sendable, Equatable {
    /// Until when each method rests after a `backoff`.
    public var backoffs: [String: Date]
    /// Until when each method is throttled.
    public var throttles: [String: Date]
    /// Until when every method is throttled ("too many requests from this IP").
    public var ipThrottle: Date?

    /// A shell launch waits out a rest that ends this soon rather than refusing to send.
    public static let shortestRefusal: TimeInterval = 5

    public init(backoffs: [String: Date] = [:], throttles: [String: Date] = [:], ipThrottle: Date? = nil) {
        self.backoffs = backoffs
        self.throttles = throttles
        self.ipThrottle = ipThrottle
    }

    /// Whether a request to `methodKey` may go at `now`: a throttle (the IP's or the method's) fails at once, a
    /// backoff is waited out when it ends within `longestWait` seconds and fails otherwise. A failure carries the
    /// deadline itself, so the wait said is the one the API asked for, counted down.
    public func admission(methodKey: String, now: Date, longestWait: TimeInterval = shortestRefusal) -> PolicyState.Admission {
        let throttled = [ipThrottle, throttles[methodKey]].compactMap { $0 }.filter { $0 > now }.max()
        if let throttled { return .fail(.throttled(until: throttled)) }
        guard let backoff = backoffs[methodKey], backoff > now else { return .send }
        return backoff.timeIntervalSince(now) <= longestWait ? .wait(until: backoff) : .fail(.throttled(until: backoff))
    }
}

/// An answer as the data file keeps it: when its request was sent, and the items that came back (JSON).
public struct RecordedAnswer: Sendable, Equatable {
    public var sentAt: Date
    public var items: Data

    public init(sentAt: Date, items: Data) {
        self.sentAt = sentAt
        self.items = items
    }

    /// The API calls the same request sent twice within this many seconds abusive: the record answers it instead.
    public static let repeatSpacing = WatchSettings.repeatSpacing

    /// True while the record may answer the same request again at `now`: sent less than a minute before (a time
    /// in the future, from a clock set back, answers nothing).
    public func answers(at now: Date) -> Bool {
        sentAt <= now && now.timeIntervalSince(sentAt) < Self.repeatSpacing
    }
}

/// Where the pauses and the last answer of each request are kept between processes (the data file); every
/// stackterm that sends reads and writes the same rows.
public protocol PauseKeeping: Sendable {
    /// The pauses kept (those already over included; `PauseRecord.admission` reads the time).
    func pauseRecord() -> PauseRecord
    /// Records that `methodKey` rests until `until` (a later rest is kept).
    func recordBackoff(methodKey: String, until: Date)
    /// Records a throttle until `until` of `methodKey`, or of the whole IP when nil (a later one is kept).
    func recordThrottle(methodKey: String?, until: Date)
    /// The last answer to the request `identity`, if one is kept.
    func answer(to identity: String) -> RecordedAnswer?
    /// Keeps `answer` as the last one to the request `identity`.
    func recordAnswer(_ answer: RecordedAnswer, to identity: String)
    /// Records the quota an answer reported at `at` (the watches' floor reads it).
    func recordQuota(remaining: Int, max: Int, at: Date)
}
