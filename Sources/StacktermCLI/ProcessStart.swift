import Foundation

/// When this process started, on the continuous clock: the origin of the trace's `t`.
///
/// Linux keeps no precise start instant for a process (`/proc/self/stat` counts in 10 ms ticks, as coarse as
/// the whole cold start), but it does keep, in nanoseconds, how long the main thread has run on a CPU and
/// waited for one (`/proc/self/schedstat`). Read first thing in `main`, before any other thread exists,
/// their sum is the time since exec (dynamic loading included) short of any time spent blocked on the disk;
/// so the origin may be a little late, never early. Where the file is missing, the origin is now.
public enum ProcessStart {
    /// The estimated start instant; call it as early as possible.
    public static func estimate(now: ContinuousClock.Instant = .now) -> ContinuousClock.Instant {
        guard let text = try? String(contentsOfFile: "/proc/self/schedstat", encoding: .utf8) else { return now }
        let fields = text.split(separator: " ").prefix(2).compactMap { Int64($0) }
        guard fields.count == 2 else { return now }
        return now - .nanoseconds(fields[0] + fields[1])
    }
}
