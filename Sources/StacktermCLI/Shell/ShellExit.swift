public import Foundation
public import StackExchange

/// The exit statuses a shell launch promises scripts (sysexits.h), and how one is chosen.
public enum ShellExit: Int32, Sendable {
    /// Something was found.
    case found = 0
    /// Nothing was found (every site answered).
    case nothing = 1
    /// A bad command line (`EX_USAGE`), a link of no site among them.
    case usage = 64
    /// No network, no libcurl, or the API unusable (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// Throttled or backing off (`EX_TEMPFAIL`): the seconds to wait are said on stderr.
    case throttled = 75
    /// A bad config file (`EX_CONFIG`).
    case config = 78
    /// The reader of stdout went away before the answer was written (`StandardOutput.brokenPipeStatus`).
    case brokenPipe = 141

    /// How one site's request ended, for the exit status and the JSON's `sites`.
    public enum SiteOutcome: Sendable, Equatable {
        case ok
        /// Throttled, backing off, or out of quota: no request before this many seconds.
        case throttled(seconds: Int)
        /// The API refused (its `error_id` and `error_name`), or the request never got an answer (no id).
        case error(id: Int?, name: String, message: String)

        /// The outcome `error` means, `now` being when it is read (for a throttle's seconds).
        public init(_ error: APIError, now: Date = Date()) {
            switch error {
            case .throttled(let until):
                self = .throttled(seconds: max(1, Int(until.timeIntervalSince(now).rounded(.up))))
            case .quotaExhausted(let resetsAt):
                self = .throttled(seconds: max(1, Int(resetsAt.timeIntervalSince(now).rounded(.up))))
            case .stackExchange(let id, _, let message) where id == ErrorBody.throttleViolationID:
                self = .throttled(seconds: max(1, Int(ThrottleMessage.wait(in: message).rounded(.up))))
            case .stackExchange(let id, let name, _):
                self = .error(id: id, name: name, message: error.message)
            case .transport:
                self = .error(id: nil, name: "unavailable", message: error.message)
            default:
                self = .error(id: nil, name: "unreadable", message: error.message)
            }
        }
    }

    /// The status for what the sites answered: found when any question came back; else throttled when any site was
    /// (a throttle passes), a usage error when the API refused a parameter (a site that does not exist), unavailable
    /// when a site failed otherwise, and nothing when all answered with none.
    public static func status(found: Bool, outcomes: [SiteOutcome]) -> ShellExit {
        if found { return .found }
        if outcomes.contains(where: { if case .throttled = $0 { true } else { false } }) { return .throttled }
        if outcomes.contains(where: { if case .error(400, _, _) = $0 { true } else { false } }) { return .usage }
        if outcomes.contains(where: { if case .error = $0 { true } else { false } }) { return .unavailable }
        return .nothing
    }
}
