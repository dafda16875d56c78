import Foundation

extension StatusBar {
    /// ` watching 3 · ~1.4k/day `: how many watches there are and the requests a day of them costs at the interval
    /// (`WatchState.requestsPerDay`, from the poll schedule), while something is watched. Left out where it would
    /// take more than half of `room`, the columns the bar's other parts leave (the location matters more).
    static func watchSummary(_ watch: WatchState, room: Int) -> String {
        guard watch.isWatching else { return "" }
        let summary = " watching \(watch.entries.count) · ~\(compactCount(watch.requestsPerDay))/day "
        return DisplayWidth.of(summary) * 2 <= room ? summary : ""
    }

    /// `720`, `1.4k`, `29k`: a count in at most four characters and a `k`.
    static func compactCount(_ count: Int) -> String {
        switch count {
        case ..<1000: "\(count)"
        case ..<9_950: String(format: "%.1fk", Double(count) / 1000)
        default: "\(Int((Double(count) / 1000).rounded()))k"
        }
    }
}
