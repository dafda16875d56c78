import Foundation
import StackExchange
import Testing

/// The pauses kept between processes: a throttle fails at once with its own deadline, a short backoff is waited
/// out, a long one refused with its deadline; an answer answers the same request for a minute.
struct PauseRecordTests {
    static let now = Date(timeIntervalSince1970: 1_795_435_200)

    @Test func aThrottleOfTheIPOrTheMethodFailsAtOnceWithItsDeadline() {
        let ip = PauseRecord(ipThrottle: Self.now.addingTimeInterval(30))
        #expect(ip.admission(methodKey: "/search/advanced", now: Self.now) == .fail(.throttled(until: Self.now.addingTimeInterval(30))))
        let method = PauseRecord(throttles: ["/search/advanced": Self.now.addingTimeInterval(12)])
        #expect(method.admission(methodKey: "/search/advanced", now: Self.now) == .fail(.throttled(until: Self.now.addingTimeInterval(12))))
        #expect(method.admission(methodKey: "/questions/{ids}", now: Self.now) == .send, "another method goes")
        #expect(ip.admission(methodKey: "/search/advanced", now: Self.now.addingTimeInterval(30)) == .send, "over at its deadline")
    }

    @Test func aShortBackoffIsWaitedOutALongOneRefusedWithItsDeadline() {
        let record = PauseRecord(backoffs: ["/search/advanced": Self.now.addingTimeInterval(30)])
        #expect(record.admission(methodKey: "/search/advanced", now: Self.now) == .fail(.throttled(until: Self.now.addingTimeInterval(30))))
        let later = Self.now.addingTimeInterval(26)
        #expect(record.admission(methodKey: "/search/advanced", now: later) == .wait(until: Self.now.addingTimeInterval(30)))
        #expect(record.admission(methodKey: "/search/advanced", now: Self.now.addingTimeInterval(31)) == .send)
    }

    @Test func aThrottleOutranksABackoff() {
        let record = PauseRecord(
            backoffs: ["/search/advanced": Self.now.addingTimeInterval(3)], ipThrottle: Self.now.addingTimeInterval(2))
        #expect(record.admission(methodKey: "/search/advanced", now: Self.now) == .fail(.throttled(until: Self.now.addingTimeInterval(2))))
    }

    @Test func anAnswerAnswersTheSameRequestForAMinute() {
        let answer = RecordedAnswer(sentAt: Self.now, items: Data("[]".utf8))
        #expect(answer.answers(at: Self.now.addingTimeInterval(0.1)))
        #expect(answer.answers(at: Self.now.addingTimeInterval(59.9)))
        #expect(!answer.answers(at: Self.now.addingTimeInterval(60)))
        #expect(!answer.answers(at: Self.now.addingTimeInterval(-5)), "a clock set back answers nothing from the future")
    }
}
