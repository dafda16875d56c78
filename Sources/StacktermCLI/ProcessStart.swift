import Foundation

/// When this process started, on the continuous clock: the origin of the trace's `t`.
///
/// Linux keeps no precise start instant for a process (`/proc/self/stat` counts in 10 ms ticks, as coarse as
/// the whole cold start), but it does keep how long the main thread has run on a CPU and how long it waited for
/// one. Read first thing in `main`, before any other thread exists, their sum is the time since the fork that
/// became this process (exec and dynamic loading included) short of any time spent blocked on the disk; so the
/// origin may be a little late, never early.
///
/// The run time comes from `CLOCK_THREAD_CPUTIME_ID`, which counts up to the moment of the call. The run time in
/// `/proc/self/schedstat` is only brought up to date at a scheduler tick or a switch (every 4 ms here): read
/// there, the origin came out up to a tick late, and a launch looked up to a tick faster than it was. The wait time is still read there: it is added up each time the thread gets a CPU
/// back, so it is never stale while the thread runs.
public enum ProcessStart {
    /// The estimated start instant; call it as early as possible.
    public static func estimate(now: ContinuousClock.Instant = .now) -> ContinuousClock.Instant {
        guard let run = runTime() else { return now }
        return now - .nanoseconds(run + waitTime())
    }

    /// How long this thread has run on a CPU, in nanoseconds, up to now.
    static func runTime() -> Int64? {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return nil }
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// How long this thread has waited for a CPU while runnable, in nanoseconds (0 where Linux does not say).
    static func waitTime() -> Int64 {
        // Read with `open` and `read` into the stack: this runs first thing in `main`, and Foundation's file reading
        // (or an array) would be the process's first use of their types.
        let descriptor = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { return 0 }
            return waitTime(schedstat: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The second field of `/proc/…/schedstat`'s text (run time, wait time, time slices), 0 when there is none.
    static func waitTime(schedstat text: some Collection<UInt8>) -> Int64 {
        var field = 0
        var value: Int64 = 0
        var digits = 0
        for byte in text {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                if field == 1 { break }
                field += 1
            } else if field == 1 {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return 0 }
                value = value &* 10 &+ Int64(byte - UInt8(ascii: "0"))
                digits += 1
            }
        }
        return field == 1 && digits > 0 ? value : 0
    }
}
