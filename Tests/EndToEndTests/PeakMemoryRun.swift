import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run to its end with its peak memory watched from `/proc`: its high-water mark (`VmHWM`) is read while it
/// runs, and it is killed once past `limit` (so an unbounded program cannot take the machine with it); at its end the
/// kernel's own count of its peak (`ru_maxrss`) is taken too.
struct PeakMemoryRun {
    var status: Int32
    /// The largest resident set seen, in bytes: the larger of the last `VmHWM` read and `ru_maxrss`.
    var peakBytes: Int
    /// True when it was killed for passing the limit.
    var killedOverLimit: Bool

    static func run(_ argv: [String], errorPath: String, limit: Int, within seconds: Double = 120) throws -> PeakMemoryRun {
        let pid = try ChildProcess.spawn(argv, errorPath: errorPath)
        var peak = 0
        var killed = false
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let ended = wait4(pid, &status, WNOHANG, &usage)
            if ended == pid { break }
            peak = max(peak, highWaterMark(pid) ?? 0)
            if peak > limit || Date() > deadline, !killed {
                killed = peak > limit
                kill(pid, SIGKILL)
            }
            usleep(5_000)
        }
        peak = max(peak, Int(usage.ru_maxrss) * 1024)
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return PeakMemoryRun(status: exit, peakBytes: peak, killedOverLimit: killed)
    }

    /// `VmHWM` of `/proc/PID/status`, in bytes.
    static func highWaterMark(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
