import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// The write clock read from the data file's write times, the site's limits from `/me/write-permissions`, and the
/// refusal said with the time left, on an injected clock.
struct WriteClockLimitsTests {
    static let noon = WriteClockTests.noon

    /// Write times kept in memory, standing in for the data file.
    final class MemoryTimes: WriteTimesKeeping, @unchecked Sendable {
        // @unchecked Sendable: the tests use it from one thread.
        var times: [String: [Date]] = [:]
        func writeTimes(site: String, kind: String, since: Date) -> [Date] {
            (times["\(site)/\(kind)"] ?? []).filter { $0 >= since }.sorted()
        }
        func recordWrite(site: String, kind: String, at date: Date) -> String? {
            times["\(site)/\(kind)", default: []].append(date)
            return nil
        }
    }

    @Test func theClockKeptInTheDataFileRefusesEarlyWithTheTimeLeft() {
        let times = MemoryTimes()
        times.recordWrite(site: "unix", kind: "answer", at: Self.noon)
        let permissions = [
            WritePermission(objectType: "answer", maxDailyActions: 200, minSecondsBetweenActions: 30),
            WritePermission(objectType: "question", maxDailyActions: 1, minSecondsBetweenActions: 600),
        ]
        let later = Self.noon.addingTimeInterval(12)
        let clock = WriteClock(site: "unix", times: times, now: later)
        let answer = clock.verdict(site: "unix", kind: .answer, limit: WriteLimit.of(.answer, in: permissions), now: later)
        #expect(answer == .wait(seconds: 18))
        #expect(answer.refusal(kind: .answer, now: later) == "the site takes one answer at a time: wait 18 seconds before the next")
        #expect(WriteClock(site: "superuser", times: times, now: later)
            .verdict(site: "superuser", kind: .answer, limit: WriteLimit.of(.answer, in: permissions), now: later) == .allowed)

        times.recordWrite(site: "unix", kind: "question", at: Self.noon.addingTimeInterval(-3_600))
        let question = WriteClock(site: "unix", times: times, now: later)
            .verdict(site: "unix", kind: .question, limit: WriteLimit.of(.question, in: permissions), now: later)
        #expect(question == .dailyLimit(until: Self.noon.addingTimeInterval(43_200)))
        #expect(question.refusal(kind: .question, now: later)?.hasPrefix("the site's daily allowance of questions is used up") == true)
        #expect(WriteLimit.of(.edit, in: permissions) == nil, "no limit known: the site decides")
        #expect(WriteClock.Verdict.allowed.refusal(kind: .edit, now: later) == nil)
    }

    @Test func aLongWaitIsSaidInMinutes() {
        #expect(WriteClock.Verdict.wait(seconds: 2_400).refusal(kind: .question, now: Self.noon)
            == "the site takes one question at a time: wait 40 minutes before the next")
    }
}
