import Foundation
import StackExchange
import StacktermCLI
import Synchronization
import Testing
import TestSupport

/// The spinner of a shell launch waiting on a terminal: nothing for 300 ms, then one line redrawn in place, erased
/// before anything else is written and never drawn after that; on a clock moved by hand.
struct WaitSpinnerTests {
    /// What the spinner wrote, in order.
    final class Written: Sendable {
        let texts = Mutex<[String]>([])
        func append(_ text: String) { texts.withLock { $0.append(text) } }
        var all: [String] { texts.withLock { $0 } }
    }

    static let erase = "\r\u{1B}[K"

    @Test func aWaitShowsNothingFor300msThenOneLineErasedAtTheEnd() async {
        let clock = ManualPolicyClock()
        let written = Written()
        let spinner = WaitSpinner(label: "searching stackoverflow…", width: 80, clock: clock, write: { written.append($0) })
        spinner.start()
        clock.advance(by: 0.29)
        await clock.settled()
        #expect(written.all.isEmpty, "an answer within 300 ms shows nothing")
        clock.advance(by: 0.01)
        await clock.settled()
        #expect(written.all == ["\r| searching stackoverflow…"])
        clock.advance(by: 0.1)
        await clock.settled()
        #expect(written.all.last == "\r/ searching stackoverflow…", "redrawn in place")
        #expect(written.all.allSatisfy { !$0.contains("\n") }, "one line")
        spinner.stop()
        #expect(written.all.last == Self.erase, "erased before stop returns")
        let count = written.all.count
        clock.advance(by: 1)
        await clock.settled()
        #expect(written.all.count == count, "nothing after the erase")
    }

    @Test func anAnswerBeforeTheDelayLeavesNoTrace() async {
        let clock = ManualPolicyClock()
        let written = Written()
        let spinner = WaitSpinner(label: "searching…", width: 80, clock: clock, write: { written.append($0) })
        spinner.start()
        clock.advance(by: 0.1)
        spinner.stop()
        clock.advance(by: 1)
        await clock.settled()
        #expect(written.all.isEmpty)
    }

    @Test func aLongLabelIsCutToTheWidth() async {
        let clock = ManualPolicyClock()
        let written = Written()
        let spinner = WaitSpinner(label: String(repeating: "x", count: 100), width: 20, clock: clock, write: { written.append($0) })
        spinner.start()
        clock.advance(by: 0.3)
        await clock.settled()
        let line = written.all.first?.dropFirst() ?? ""
        #expect(line.count < 20, "\(line)")
        #expect(line.hasSuffix("…"))
    }
}
