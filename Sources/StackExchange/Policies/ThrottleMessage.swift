public import Foundation

/// Reads how long a `throttle_violation` (`error_id` 502) asks us to wait.
///
/// The API says so in prose: "too many requests from this IP, more requests available in 17524 seconds".
/// When the message names no number of seconds (say "Violation of backoff parameter"), we wait
/// `defaultWait`.
public enum ThrottleMessage {
    /// The wait when the message does not say.
    public static let defaultWait: TimeInterval = 60

    /// The seconds named in `message`, or `defaultWait`.
    public static func wait(in message: String) -> TimeInterval {
        let lowered = message.lowercased()
        guard let phrase = lowered.range(of: "available in ") else { return defaultWait }
        let digits = lowered[phrase.upperBound...].prefix(while: \.isNumber)
        guard let seconds = Int(digits), seconds > 0 else { return defaultWait }
        return TimeInterval(seconds)
    }

    /// True when the throttle holds the whole IP ("too many requests from this IP"), not one method.
    public static func isIPWide(_ message: String) -> Bool {
        message.lowercased().contains("from this ip")
    }
}
