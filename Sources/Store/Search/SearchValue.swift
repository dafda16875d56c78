/// Reads an operator's value: a number or range (`3`, `3..10`, `..10`, `-2..`), yes/no, or a date period.
enum SearchValue {
    /// `N` means N or more (as on the site); `N..M`, `..M` and `N..` are ranges.
    static func range(_ text: String) -> ClosedRange<Int>? {
        guard let dots = text.range(of: "..") else { return Int(text).map { $0...Int.max } }
        let low = text[..<dots.lowerBound], high = text[dots.upperBound...]
        let lower = low.isEmpty ? Int.min : Int(low)
        let upper = high.isEmpty ? Int.max : Int(high)
        guard let lower, let upper, lower <= upper else { return nil }
        return lower...upper
    }

    static func yesNo(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "1": true
        case "no", "false", "0": false
        default: nil
        }
    }

    /// `2021`, `2021-03`, `2021-03-05`, or two of them around `..` (either side may be left out): from the start
    /// of the first to the end of the last, in UTC seconds.
    static func dates(_ text: String) -> Range<Double>? {
        if let dots = text.range(of: "..") {
            let low = text[..<dots.lowerBound], high = text[dots.upperBound...]
            let start = low.isEmpty ? -Double.greatestFiniteMagnitude : period(low)?.lowerBound
            let end = high.isEmpty ? Double.greatestFiniteMagnitude : period(high)?.upperBound
            guard let start, let end, start < end else { return nil }
            return start..<end
        }
        return period(Substring(text))
    }

    /// The period a year, a month or a day covers.
    static func period(_ text: Substring) -> Range<Double>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        let year = parts[0]!
        guard (1970...9999).contains(year) else { return nil }
        switch parts.count {
        case 1: return seconds(year, 1, 1)..<seconds(year + 1, 1, 1)
        case 2:
            let month = parts[1]!
            guard (1...12).contains(month) else { return nil }
            return seconds(year, month, 1)..<(month == 12 ? seconds(year + 1, 1, 1) : seconds(year, month + 1, 1))
        default:
            let month = parts[1]!, day = parts[2]!
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            let start = seconds(year, month, day)
            return start..<(start + 86_400)
        }
    }

    /// Seconds since 1970 at midnight UTC of a civil date (Howard Hinnant's days-from-civil).
    static func seconds(_ year: Int, _ month: Int, _ day: Int) -> Double {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return Double(era * 146_097 + doe - 719_468) * 86_400
    }
}
