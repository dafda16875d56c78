import Foundation

/// Polls `condition` every 5 ms until it holds or `seconds` pass; returns whether it held.
///
/// The one way the tests wait: for a condition, with a deadline, never for a fixed time. The deadline is
/// generous because it only matters when a test fails (a starved test task on a loaded machine must not).
public func eventually(within seconds: Double = 15, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        // Cancellation only shortens the wait; the final check below still decides.
        try? await Task.sleep(for: .milliseconds(5))
    }
    return try condition()
}
