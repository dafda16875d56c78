/// Formats counts the way the list shows them: 999, 1.2k, 12k, 3.4m.
public enum CompactNumber {
    /// `n` in at most four characters (plus a sign): one decimal below 10 of a unit, none above.
    public static func format(_ n: Int) -> String {
        if n < 0 { return "-" + format(-n) }
        if n < 1000 { return String(n) }
        let units: [(Double, String)] = [(1e9, "b"), (1e6, "m"), (1e3, "k")]
        let value = Double(n)
        for (index, (scale, suffix)) in units.enumerated() where value >= scale {
            let scaled = value / scale
            if scaled < 9.95 {
                let tenths = (scaled * 10).rounded(.down) / 10
                return tenths == tenths.rounded(.down) ? "\(Int(tenths))\(suffix)" : "\(tenths)\(suffix)"
            }
            let whole = Int(scaled.rounded(.down))
            // 999.9k reads better as 1m than as 999k when the next unit exists.
            if whole >= 1000, index > 0 { return "1\(units[index - 1].1)" }
            return "\(whole)\(suffix)"
        }
        return String(n)
    }
}
