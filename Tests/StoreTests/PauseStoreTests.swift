import Foundation
import StackExchange
@testable import Store
import StorePorts
import Testing

/// The pauses the shell keeps are the watches' record: the same rows, seen by a second process, by the watches, and
/// the watches' backoffs seen by the shell.
struct PauseStoreTests {
    let start = Date(timeIntervalSince1970: 1_795_435_200)

    @Test func aSecondProcessSeesThePausesAndTheAnswersOfTheFirst() throws {
        let store = try TemporaryStore()
        let first = PauseStore(paths: store.paths)
        let second = PauseStore(paths: store.paths)
        #expect(second.pauseRecord() == PauseRecord())
        first.recordBackoff(methodKey: "/search/advanced", until: start.addingTimeInterval(30))
        first.recordBackoff(methodKey: "/search/advanced", until: start.addingTimeInterval(10))
        first.recordThrottle(methodKey: "/questions/{ids}", until: start.addingTimeInterval(20))
        first.recordThrottle(methodKey: nil, until: start.addingTimeInterval(40))
        #expect(second.pauseRecord() == PauseRecord(
            backoffs: ["/search/advanced": start.addingTimeInterval(30)], throttles: ["/questions/{ids}": start.addingTimeInterval(20)],
            ipThrottle: start.addingTimeInterval(40)), "a later pause is kept")
        let answer = RecordedAnswer(sentAt: start, items: Data("[{\"question_id\":1}]".utf8))
        first.recordAnswer(answer, to: "shell api/2.3/search/advanced?q=x")
        #expect(second.answer(to: "shell api/2.3/search/advanced?q=x") == answer)
        #expect(second.answer(to: "shell api/2.3/search/advanced?q=y") == nil)
    }

    @Test func theShellAndTheWatchesKeepOneRecord() throws {
        let store = try TemporaryStore()
        let shell = PauseStore(paths: store.paths)
        let watches = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        shell.recordBackoff(methodKey: "/search/advanced", until: start.addingTimeInterval(30))
        shell.recordQuota(remaining: 12, max: 300, at: start)
        #expect(watches.backoffs() == ["/search/advanced": start.addingTimeInterval(30)])
        #expect(watches.lastQuota() == WatchQuota(remaining: 12, max: 300, at: start))
        watches.recordBackoff(methodKey: "/questions/{ids}", until: start.addingTimeInterval(50))
        #expect(shell.pauseRecord().backoffs["/questions/{ids}"] == start.addingTimeInterval(50))
    }
}
