import Foundation

/// Polls `condition` every 5 ms until it holds or `seconds` pass; returns whether it held.
///
/// The one way the tests wait: for a condition, with a deadline, never for a fixed time. The deadline is
/// generous because it only matters when a test fails. A test task starved of the cooperative pool (two cores, and
/// the other suites' synchronous work on both threads) may get to look only a few times before the deadline, and a
/// condition that needs the test to act between looks (move a manual clock, say) then never comes: so the wait also
/// goes on until it has looked `seconds / 5 ms` times, within four times the deadline.
///
/// A bundle older than the test sources fails the test here (`TestBundleFreshness`): the condition the test shows
/// would not be the one that runs.
public func eventually(within seconds: Double = 15, _ condition: () throws -> Bool) async rethrows -> Bool {
    TestBundleFreshness.check()
    let start = Date()
    let deadline = start.addingTimeInterval(seconds)
    let hardDeadline = start.addingTimeInterval(seconds * 4)
    let looks = Int(seconds / 0.005)
    var looked = 0
    while Date() < deadline || (looked < looks && Date() < hardDeadline) {
        if try condition() { return true }
        looked += 1
        // Cancellation only shortens the wait; the final check below still decides.
        try? await Task.sleep(for: .milliseconds(5))
    }
    return try condition()
}
