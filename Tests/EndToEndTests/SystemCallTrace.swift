import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `strace -f -e trace=write` attached to a running process: which `write` calls it makes while attached.
///
/// A count, not a time, so it holds on a loaded machine. `start` returns once strace has attached to every
/// thread the process has, so nothing written afterwards is missed.
final class SystemCallTrace {
    let pid: pid_t
    let outputPath: String
    let errorPath: String
    private var isRunning = true

    /// One completed `write` call: the thread, the file descriptor and the bytes written.
    struct Write: Equatable {
        var thread: Int
        var descriptor: Int
        var bytes: Int
    }

    static func start(pid traced: pid_t) async throws -> SystemCallTrace {
        guard let strace = ["/usr/bin/strace", "/bin/strace"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw SystemCallTraceError("strace is not installed (scripts/lib/ensure-deps.sh installs it)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-strace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent("strace.out").path
        let errors = directory.appendingPathComponent("strace.err").path
        let pid = try ChildProcess.spawn(
            [strace, "-f", "-e", "trace=write", "-e", "signal=none", "-s", "0", "-o", output, "-p", String(traced)], errorPath: errors
        )
        let trace = SystemCallTrace(pid: pid, outputPath: output, errorPath: errors)
        // strace says "Process N attached" (with its thread count) once it holds every thread.
        let attached = await eventually(within: 15) { trace.errorText().contains("attached") || trace.hasExited() }
        guard attached, !trace.hasExited() else {
            throw SystemCallTraceError("strace did not attach to \(traced): \(trace.errorText())")
        }
        return trace
    }

    private init(pid: pid_t, outputPath: String, errorPath: String) {
        self.pid = pid
        self.outputPath = outputPath
        self.errorPath = errorPath
    }

    /// Detaches (SIGINT, strace's way to let go) and waits for strace to finish writing.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGINT)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        isRunning = false
    }

    private func hasExited() -> Bool {
        guard isRunning else { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { isRunning = false }
        return !isRunning
    }

    /// The completed `write` calls so far, in order of completion.
    ///
    /// strace splits a call another thread interrupted into `write(1, ... <unfinished ...>` and
    /// `<... write resumed>) = N`; the two halves are joined by thread.
    func writes() -> [Write] {
        guard let text = try? String(contentsOfFile: outputPath, encoding: .utf8) else { return [] }
        var unfinished: [Int: Int] = [:]
        var writes: [Write] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2, let thread = Int(fields[0]) else { continue }
            // strace pads the thread id with spaces (`3722  write(1, …`).
            let call = fields[1].drop { $0 == " " }
            if call.hasPrefix("write("), let comma = call.firstIndex(of: ",") {
                guard let descriptor = Int(call[call.index(call.startIndex, offsetBy: 6)..<comma]) else { continue }
                if call.hasSuffix("<unfinished ...>") {
                    unfinished[thread] = descriptor
                } else if let bytes = Self.result(call) {
                    writes.append(Write(thread: thread, descriptor: descriptor, bytes: bytes))
                }
            } else if call.hasPrefix("<... write resumed>"), let descriptor = unfinished.removeValue(forKey: thread),
                      let bytes = Self.result(call) {
                writes.append(Write(thread: thread, descriptor: descriptor, bytes: bytes))
            }
        }
        return writes
    }

    /// The number after the last `= `, when the call succeeded.
    private static func result(_ call: Substring) -> Int? {
        guard let range = call.range(of: "= ", options: .backwards) else { return nil }
        return Int(call[range.upperBound...].prefix { $0.isNumber })
    }

    func errorText() -> String {
        (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: outputPath).deletingLastPathComponent().path)
    }
}

/// strace is missing or could not attach.
struct SystemCallTraceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
