public import Foundation
public import Terminal
#if canImport(Glibc)
public import Glibc
#endif

/// A long-lived program a test starts (a TLS server, a replica's command line) and must end, whatever the test's fate.
///
/// Not Foundation's `Process`: the test runner's threads block most signals and a child started by `Process`
/// inherits that mask, so it never hears the SIGTERM of `terminate()` and outlives the test run. This child starts
/// through `DefaultSignalSpawn`, and `stop()` ends it (SIGTERM, then SIGKILL after a
/// deadline) and waits for it, so no process and no zombie is left behind.
public final class ServerChild: @unchecked Sendable {
    /// The child's process id.
    public let pid: pid_t
    /// The read end of the child's stdout, or -1 when stdout went to /dev/null.
    private var outputDescriptor: Int32
    private let lock = NSLock()
    private var status: Int32?

    /// Starts `arguments` (the first found on PATH) with stdin from /dev/null, stdout to a pipe read by `readLine()`
    /// when `captureOutput`, else to /dev/null, and stderr to /dev/null.
    public init(_ arguments: [String], captureOutput: Bool = true, environment: [String: String]? = nil) throws {
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&pipeEnds) == 0 else { throw ServerChildError(description: "pipe: \(String(cString: strerror(errno)))") }
            // Neither end leaks into other children the tests start meanwhile; the child gets the write end by dup2.
            _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let spawned = DefaultSignalSpawn.spawn(arguments, actions: &actions, environment: variables)
        if captureOutput { close(pipeEnds[1]) }
        switch spawned {
        case .success(let child):
            pid = child
        case .failure(let failure):
            if captureOutput { close(pipeEnds[0]) }
            throw ServerChildError(description: failure.description)
        }
        outputDescriptor = captureOutput ? pipeEnds[0] : -1
    }

    deinit { stop() }

    /// The next line the child writes on stdout, without its newline; nil once stdout is closed.
    public func readLine() -> String? {
        guard outputDescriptor >= 0 else { return nil }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(outputDescriptor, &byte, 1)
            if count == 1 {
                if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
                bytes.append(byte)
            } else if count == -1 && errno == EINTR {
                continue
            } else {
                return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    /// Whether the child has not yet been waited for and still exists.
    public var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return status == nil && reap(blocking: false) == nil
    }

    /// Ends the child (SIGTERM; SIGKILL if it is still there after `grace` seconds) and waits for it. Its exit status,
    /// or 128 plus the signal that ended it. Calling it again returns the same status.
    @discardableResult
    public func stop(grace: TimeInterval = 3) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let status { return status }
        if outputDescriptor >= 0 {
            close(outputDescriptor)
            outputDescriptor = -1
        }
        if let ended = reap(blocking: false) { return ended }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        while Date() < deadline {
            if let ended = reap(blocking: false) { return ended }
            // Polls the child's state, the condition itself, every 10 ms until the deadline.
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        return reap(blocking: true) ?? 137
    }

    /// Waits for the child without blocking (nil while it runs) or blocking; records and returns its status.
    private func reap(blocking: Bool) -> Int32? {
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
            if result == -1 && errno == EINTR { continue }
            if result == 0 { return nil }
            if result == -1 {
                // Already reaped elsewhere: treat it as gone.
                status = status ?? 0
                return status
            }
            // WIFEXITED / WEXITSTATUS, which Swift does not import.
            let ended = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
            status = ended
            return ended
        }
    }
}

/// A child could not be started.
public struct ServerChildError: Error, CustomStringConvertible {
    public var description: String
}
