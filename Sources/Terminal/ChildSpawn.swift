internal import CSpawn
#if canImport(Glibc)
import Glibc
#endif

/// Starts the programs stackterm runs for the person (`$BROWSER`, `xdg-open`, `copy_command`): the one place that
/// spawns them, so every child starts the same clean way.
///
/// A child gets standard input, output and error as asked and no other descriptor of stackterm's (the trace file,
/// the API's sockets, the store's files, the signal pipes: `posix_spawn_file_actions_addclosefrom_np`), the default
/// action for every signal and an empty signal mask (stackterm ignores SIGPIPE and handles SIGINT, SIGTERM and
/// SIGHUP itself, and an ignored signal would stay ignored across exec), and the environment it is given.
public enum ChildSpawn {
    /// Where one of the child's standard descriptors comes from.
    public enum Stream: Sendable {
        /// stackterm's own (the terminal).
        case inherit
        /// `/dev/null`.
        case nullDevice
        /// This descriptor of stackterm's, duplicated into place (the read end of a pipe).
        case descriptor(Int32)
    }

    /// Starts `argv` (an absolute path first) and returns its process id, or why it did not start.
    public static func start(
        _ argv: [String], environment: [String: String], input: Stream = .inherit, output: Stream = .inherit,
        error: Stream = .inherit
    ) -> Result<Int32, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(STDIN_FILENO, input), (STDOUT_FILENO, output), (STDERR_FILENO, error)] {
            switch stream {
            case .inherit: break
            case .nullDevice:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }
        let closing = stackterm_spawn_close_above_stderr(&actions)
        guard closing == 0 else { return .failure(SpawnError(message: String(cString: strerror(closing)))) }
        let environment = DefaultSignalSpawn.entries(ChildEnvironment.scrubbed(environment))
        switch DefaultSignalSpawn.spawn(argv, actions: &actions, environment: environment, searchingPath: false) {
        case .success(let pid): return .success(pid)
        case .failure(let failure): return .failure(SpawnError(message: String(cString: strerror(failure.code))))
        }
    }

    /// A pipe for a child's input, both ends close-on-exec (the child gets its end by `Stream.descriptor`, duplicated
    /// into place): [read end, write end], or the error number.
    static func pipe() -> Result<[Int32], SpawnError> {
        var ends: [Int32] = [0, 0]
        guard stackterm_cloexec_pipe(&ends) == 0 else { return .failure(SpawnError(message: String(cString: strerror(errno)))) }
        return .success(ends)
    }

    /// Waits for `pid` to end: its exit status, or 128 plus the signal that ended it.
    public static func waitForExit(_ pid: Int32) -> Result<Int32, SpawnError> {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .failure(SpawnError(message: "waitpid failed")) }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return .success(status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
    }
}

/// Why a program could not be started or waited for.
public struct SpawnError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
