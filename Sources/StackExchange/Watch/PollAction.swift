public import Foundation

/// What the poll schedule asks for in return.
public enum PollAction: Sendable, Hashable {
    /// Send this request now.
    case send(WatchRequest)
    /// Polling is held, and why (for the status bar).
    case paused(PollPause)
    /// Nothing more to do until this time: set a timer and send `.tick` then.
    case wake(at: Date)
}

/// Why polling is held.
public enum PollPause: Sendable, Hashable {
    /// Offline: nothing is sent.
    case offline
    /// The API asked for rest; this many seconds are left.
    case backingOff(seconds: Int)
    /// The quota left is under the floor; polling resumes when the quota resets (midnight UTC).
    case underQuotaFloor(remaining: Int, floor: Int)

    /// The seconds of a backoff pause, nil for the others.
    public var backoffSeconds: Int? {
        if case .backingOff(let seconds) = self { seconds } else { nil }
    }

    /// The one-line text for the status bar.
    public var message: String {
        switch self {
        case .offline: "watching paused: offline"
        case .backingOff(let seconds): "watching paused: the API asked for \(seconds) s of rest"
        case .underQuotaFloor(let remaining, let floor):
            "watching paused: \(remaining) requests left today, under the floor of \(floor)"
        }
    }
}
