/// The dump's date format, `2015-02-03T18:38:04.627` (UTC, no zone), written without Foundation's formatters
/// (a dump of millions of rows formats millions of dates).
enum DumpDate {
    /// The dump's text for `seconds` since 1970.
    static func text(_ seconds: Int) -> String {
        let days = seconds / 86_400
        let rest = seconds % 86_400
        let (year, month, day) = civil(days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60)).\(100 + seconds % 900)"
    }

    /// Howard Hinnant's days-to-civil.
    private static func civil(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
