import Foundation
@testable import StacktermCLI
import Testing

/// The trace's origin stays where the process started, however long the thread has been running.
struct ProcessStartTests {
    /// Runs on the CPU until the monotonic clock has moved on by `milliseconds`.
    private func spin(milliseconds: Int) {
        let end = ContinuousClock.now + .milliseconds(milliseconds)
        var counter = 0
        while ContinuousClock.now < end { counter &+= 1 }
        #expect(counter > 0)
    }

    /// The process start does not move: two estimates 2 ms of running apart agree. With the run time read from
    /// `/proc/self/schedstat`, which is brought up to date only at a scheduler tick (4 ms here), the second came out
    /// up to 2 ms later than the first, unless a tick fell between them.
    @Test func theOriginDoesNotMoveWhileTheThreadRuns() {
        for _ in 0..<5 {
            let first = ProcessStart.estimate()
            spin(milliseconds: 2)
            let second = ProcessStart.estimate()
            let drift = abs((second - first) / .microseconds(1))
            #expect(drift < 500, "the origin moved by \(drift) µs")
        }
    }

    @Test func theRunTimeCountsUpToTheCall() throws {
        let before = try #require(ProcessStart.runTime())
        spin(milliseconds: 2)
        let after = try #require(ProcessStart.runTime())
        // Not stale by a tick: most of the 2 ms of running shows (the thread may have waited for a CPU a little).
        #expect(after - before > 1_000_000)
    }

    @Test func theOriginIsInThePast() {
        let now = ContinuousClock.now
        #expect(ProcessStart.estimate(now: now) < now)
    }
}
