import StackExchange

/// what a day of watching costs, computed by running the poll schedule over a simulated day (no network,
/// no timing): 10 watched tags and 50 followed questions on 2 sites at the default interval, against the
/// 10,000 requests a day an app key gives.
enum WatchBenchmarks {
    static let dailyQuota = 10_000

    static func register(_ runner: inout BenchmarkRunner) {
        let name = "watch: requests a day, 10 tags + 50 questions on 2 sites every \(WatchSettings.defaultIntervalMinutes) min"
        guard runner.includes(name) else { return }
        let perDay = WatchCost.requestsPerDay(
            tags: 10, questions: 50, sites: 2, intervalMinutes: WatchSettings.defaultIntervalMinutes)
        let share = Double(perDay) / Double(dailyQuota) * 100
        runner.record(BenchmarkRunner.Row(
            measure: name, median: "\(perDay) requests", tail: String(format: "%.0f%% of the quota", share),
            target: "≤ \(dailyQuota) a day", passed: perDay <= dailyQuota,
            note: "from the schedule when nothing changes; a poll in which followed questions changed adds 2 on that site (their answers, then comments)"))
    }
}
