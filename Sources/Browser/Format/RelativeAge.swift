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

    /// The first instant after `now` at which `format(date, now:)` reads differently: a screen showing the age
    /// is drawn again then. Past a month the text moves with the day count, so the next day is asked for.
    public static func nextChange(of date: Date, after now: Date) -> Date {
        let seconds = now.timeIntervalSince(date)
        // A date in the future reads `now` until a minute after it.
        guard seconds >= 0 else { return date.addingTimeInterval(60) }
        let whole = Int(seconds)
        let step: Int
        switch whole {
        case ..<3_600: step = 60
        case ..<86_400: step = 3_600
        default: step = 86_400
        }
        return date.addingTimeInterval(TimeInterval((whole / step + 1) * step))
    }

    /// The earliest `nextChange` of `dates` after `now`, or nil when there are none.
    public static func nextChange(of dates: some Sequence<Date>, after now: Date) -> Date? {
        dates.lazy.map { nextChange(of: $0, after: now) }.min()
    }
}
