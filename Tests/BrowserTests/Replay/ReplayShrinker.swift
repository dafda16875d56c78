/// Shrinks a failing replay sequence by delta debugging: drops ever smaller chunks while the sequence still
/// fails, then single events, until no single event can go.
enum ReplayShrinker {
    /// The smallest sequence found that still `fails`; `fails(events)` must be true on entry.
    static func shrink(_ events: [ReplayEvent], fails: ([ReplayEvent]) -> Bool) -> [ReplayEvent] {
        var current = events
        var chunk = max(1, current.count / 2)
        while true {
            var removedAny = false
            var start = 0
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if fails(candidate) {
                    current = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1, !removedAny { return current }
            if !removedAny { chunk = max(1, chunk / 2) }
        }
    }

    /// `events` as a Swift test to paste into `ReplayTests`.
    static func swiftTest(_ events: [ReplayEvent], seed: UInt64, violation: ReplayDriver.Violation) -> String {
        var lines = ["@Test func replayOfSeed\(seed)() {",
                     "    // \(violation)",
                     "    let events: [ReplayEvent] = ["]
        lines += events.map { "        \($0)," }
        lines += ["    ]", "    let violation = ReplayDriver.run(events)", "    #expect(violation == nil, \"\\(violation!)\")", "}"]
        return lines.joined(separator: "\n")
    }
}
