/// Reads the dump's dates, `2015-02-03T18:38:04.627` (UTC; the fraction optional), into seconds since 1970,
/// without Foundation's formatters (a big dump has millions of them).
enum DumpDateParser {
    static func seconds(_ text: String) -> Double? {
        var digits: [Int] = []
        var current = -1
        var fraction = 0.0
        var scale = 0.1
        var inFraction = false
        for byte in text.utf8 {
            if byte >= 48, byte <= 57 {
                let digit = Int(byte - 48)
                if inFraction { fraction += Double(digit) * scale; scale /= 10; continue }
                current = current < 0 ? digit : current * 10 + digit
            } else {
                if current >= 0 { digits.append(current) }
                current = -1
                if byte == UInt8(ascii: "."), digits.count == 6 { inFraction = true }
            }
        }
        if current >= 0 { digits.append(current) }
        guard digits.count >= 3 else { return nil }
        let (year, month, day) = (digits[0], digits[1], digits[2])
        guard (1...12).contains(month), (1...31).contains(day), year > 1900 else { return nil }
        let hour = digits.count > 3 ? digits[3] : 0, minute = digits.count > 4 ? digits[4] : 0, second = digits.count > 5 ? digits[5] : 0
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
    }
}
