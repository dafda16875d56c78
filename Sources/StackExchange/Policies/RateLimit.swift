public import Foundation

/// The client's own limit on sending, below the API's: the API drops IPs that send more than 30 requests a
/// second, so the client never sends more than `requestsPerSecond`, and the same method no more often than
/// once every `methodSpacing` seconds.
///
/// The spacing is the debounce: a request that must wait is held unsent, and a caller that asks again (holding
/// `r`, say) cancels the held one, so when the wait ends the last request asked for is the one that goes.
public struct RateLimit: Sendable, Hashable {
    /// Sends allowed in any one second, across every method.
    public var requestsPerSecond: Int
    /// The least time between two sends of the same method.
    public var methodSpacing: TimeInterval

    /// 10 a second, the same method at most every 100 ms.
    public static let standard = RateLimit(requestsPerSecond: 10, methodSpacing: 0.1)

    public init(requestsPerSecond: Int, methodSpacing: TimeInterval) {
        self.requestsPerSecond = max(1, requestsPerSecond)
        self.methodSpacing = max(0, methodSpacing)
    }

    /// Until when a send at `now` must wait, given the recent sends (oldest first) and the method's last send.
    func wait(methodKey: String, recentSends: [Date], lastSend: Date?, now: Date) -> Date? {
        var until: Date?
        if recentSends.count >= requestsPerSecond {
            let oldest = recentSends[recentSends.count - requestsPerSecond]
            let free = oldest.addingTimeInterval(1)
            if free > now { until = free }
        }
        if let lastSend {
            let spaced = lastSend.addingTimeInterval(methodSpacing)
            if spaced > now { until = max(until ?? spaced, spaced) }
        }
        return until
    }
}
