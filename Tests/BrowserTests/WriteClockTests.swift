import Browser
import Foundation
import Testing

/// The site's write limits kept by stackterm: the minimum time between writes of a kind, and the day's allowance,
/// on an injected clock (the dates passed in).
struct WriteClockTests {
    static let noon = Date(timeIntervalSince1970: 1_795_000_000 - 1_795_000_000.truncatingRemainder(dividingBy: 86_400) + 43_200)

    @Test func theMinimumTimeBetweenWritesIsSaidWithTheSecondsLeft() {
        var clock = WriteClock()
        let limit = WriteLimit(maxDailyActions: 50, minSecondsBetweenActions: 30)
        #expect(clock.verdict(site: "unix", kind: .answer, limit: limit, now: Self.noon) == .allowed)
        clock.record(site: "unix", kind: .answer, at: Self.noon)
        #expect(clock.verdict(site: "unix", kind: .answer, limit: limit, now: Self.noon.addingTimeInterval(10.5)) == .wait(seconds: 20))
        #expect(clock.verdict(site: "unix", kind: .answer, limit: limit, now: Self.noon.addingTimeInterval(30)) == .allowed)
        #expect(clock.verdict(site: "superuser", kind: .answer, limit: limit, now: Self.noon) == .allowed, "per site")
        #expect(clock.verdict(site: "unix", kind: .question, limit: limit, now: Self.noon) == .allowed, "per kind")
        #expect(clock.verdict(site: "unix", kind: .answer, limit: nil, now: Self.noon) == .allowed)
    }

    @Test func theDaysAllowanceEndsAtMidnightUTC() throws {
        var clock = WriteClock()
        let limit = WriteLimit(maxDailyActions: 2, minSecondsBetweenActions: 0)
        clock.record(site: "unix", kind: .question, at: Self.noon)
        clock.record(site: "unix", kind: .question, at: Self.noon.addingTimeInterval(60))
        let midnight = Self.noon.addingTimeInterval(43_200)
        #expect(clock.verdict(site: "unix", kind: .question, limit: limit, now: Self.noon.addingTimeInterval(120)) == .dailyLimit(until: midnight))
        #expect(clock.verdict(site: "unix", kind: .question, limit: limit, now: midnight) == .allowed)
        // Kept across launches: the data file holds it as JSON.
        let data = try JSONEncoder().encode(clock)
        #expect(try JSONDecoder().decode(WriteClock.self, from: data) == clock)
    }

    @Test func writesOlderThanADayAreForgotten() {
        var clock = WriteClock()
        clock.record(site: "unix", kind: .edit, at: Self.noon)
        clock.record(site: "unix", kind: .edit, at: Self.noon.addingTimeInterval(3 * 86_400))
        #expect(clock.writes["unix/edit"]?.count == 1)
    }
}
