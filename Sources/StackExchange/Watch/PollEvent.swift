public import Foundation

/// What the poll schedule is told: time passing, the network and the API's answers.
public enum PollEvent: Sendable, Hashable {
    /// Time has passed (a timer fired): send what is due.
    case tick
    /// The app went offline (`--offline`, no network) or came back.
    case offline(Bool)
    /// The API asked for `seconds` of rest before the next call of `methodKey` (`backoff`).
    case backoff(methodKey: String, seconds: Int)
    /// A response reported the quota: `remaining` of the day's `max`.
    case quota(remaining: Int, max: Int)
    /// A request of new questions (tags or a search) was answered: the watch is polled up to when it was sent.
    case delivered(WatchRequest)
    /// `/questions/{ids}` was answered with each question's `last_activity_date`.
    case activity(site: String, lastActivity: [Int: Date])
    /// The answers follow-up was answered with the ids of the answers it returned.
    case answered(WatchRequest, answerIDs: [Int])
    /// A request failed (network, error body): it is asked again at the next poll.
    case failed(WatchRequest)
    /// The person changed what is watched.
    case watchesChanged([SiteWatches])
}
