public import Foundation

/// Formats how long ago something happened, the way the list shows it: now, 5m, 3h, 2d, 4mo, 3y.
public enum RelativeAge {
    /// The age of `date` at `now`; a date in the future (clock skew) reads as `now`.
    public static func format(_ date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        if seconds < 60 { return "now" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes)m" }
        let hours = minutes / 60
        if hours < 24 { return "\(hours)h" }
        let days = hours / 24
        if days < 31 { return "\(days)d" }
        if days < 365 { return "\(days / 30)mo" }
        return "\(days / 365)y"
    }
}
