import Foundation
import CNCursesW
#if canImport(Glibc)
import Glibc
#endif

/// A program running on a pseudo-terminal of a fixed size, its screen output collected: the cold-start benchmark's terminal.
///
/// The program sees a real terminal (stdin, stdout and stderr are the pty), so stackterm runs as it would
/// for a person; the benchmark watches the bytes it draws for the first row of the list.
public final class PseudoTerminal: @unchecked Sendable {
    // @unchecked Sendable: `output` is guarded by `lock`; the other stored properties never change after init.
    public let pid: Int32
    private let master: Int32
    private let lock = NSLock()
    /// Signalled when the draining thread has read its last: `stop` closes the terminal only then, so that the thread
    /// never reads a descriptor closed under it (and perhaps opened again meanwhile as another test's).
    private let drained = DispatchSemaphore(value: 0)
    private var output = Data()
    /// What the terminal answers when the program first writes a question (a probe): a tiny fake terminal.
    private var answers: [(question: Data, answer: [UInt8])] = []

    /// Starts `argv` (an absolute path first) with `environment` on a new `width`×`height` pseudo-terminal; the first
    /// time the program writes a key of `answering`, the terminal answers its value (as a terminal answers a query).
    public init(
        _ argv: [String], environment: [String: String], width: Int, height: Int, answering: [String: String] = [:]
    ) throws {
        answers = answering.map { (Data($0.key.utf8), Array($0.value.utf8)) }
        let master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0,
              let slavePath = PseudoTerminalPair.slaveName(of: master) else {
            throw PseudoTerminalError(message: "no pseudo-terminal")
        }
        _ = stackterm_set_window_size(master, Int32(height), Int32(width))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, slavePath, O_RDWR, 0) }
        posix_spawn_file_actions_addclose(&actions, master)
        let spawned = DefaultSignalSpawn.spawn(
            argv, actions: &actions, environment: DefaultSignalSpawn.entries(environment), searchingPath: false)
        guard case .success(let pid) = spawned else {
            close(master)
            if case .failure(let failure) = spawned { throw PseudoTerminalError(message: failure.description) }
            throw PseudoTerminalError(message: "no process")
        }
        self.pid = pid
        self.master = master
        // Drains the terminal until the program is gone, so it never blocks on a full pty buffer.
        let drained = drained
        Thread { [weak self] in
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(master, &chunk, chunk.count)
                if count <= 0 { break }
                self?.append(Data(chunk[0..<count]))
            }
            drained.signal()
        }.start()
    }

    private func append(_ data: Data) {
        lock.lock()
        output.append(data)
        var due: [[UInt8]] = []
        answers.removeAll { entry in
            guard output.range(of: entry.question) != nil else { return false }
            due.append(entry.answer)
            return true
        }
        lock.unlock()
        for answer in due { _ = answer.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }
    }

    /// How many times the program has written `text` so far.
    public func occurrences(of text: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let needle = Data(text.utf8)
        var count = 0
        var start = output.startIndex
        while let found = output.range(of: needle, in: start..<output.endIndex) {
            count += 1
            start = found.upperBound
        }
        return count
    }

    /// Whether the program has written `text` to the terminal so far.
    public func hasWritten(_ text: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return output.range(of: Data(text.utf8)) != nil
    }

    /// Types `text` on the terminal's keyboard.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Sends SIGTERM, waits for the program to end and closes the terminal; returns its wait status.
    @discardableResult
    public func stop() -> Int32 {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // With the program gone its end is closed and the draining thread's read ends (EIO); a child of it still
        // holding that end is given 5 s.
        _ = drained.wait(timeout: .now() + 5)
        close(master)
        return status
    }
}

/// A pseudo-terminal could not be opened or its program not started.
public struct PseudoTerminalError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { "pseudo-terminal: \(message)" }
}
