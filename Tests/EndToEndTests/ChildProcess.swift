import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Terminal

/// Starts the programs the end-to-end tests drive (tmux, strace) with posix_spawn, and waits for them.
///
/// Not Foundation's Process: it learns that a child ended when a socket it hands the child closes, and a tmux
/// server started by `new-session` inherits that socket and keeps it open, so waiting would never end.
enum ChildProcess {
    /// Starts `argv` (found on PATH) with stdin from /dev/null, stdout to `outputPath` (or /dev/null) and stderr to
    /// `errorPath` (or with stdout), no signal blocked, and the environment less `TMUX`; returns its pid.
    ///
    /// The test runner's threads block most signals and a child inherits that mask: a tmux server (and the
    /// stackterm in it) would then ignore kill-server's SIGHUP, and strace would never hear SIGINT.
    static func spawn(_ argv: [String], outputPath: String? = nil, errorPath: String? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }.map { "\($0.key)=\($0.value)" }
        switch DefaultSignalSpawn.spawn(argv, actions: &actions, environment: environment) {
        case .success(let pid): return pid
        case .failure(let failure): throw ChildProcessError(description: failure.description)
        }
    }

    /// Waits for `pid` to end; its exit status, or 128 plus the signal that ended it.
    static func wait(_ pid: pid_t) throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw ChildProcessError(description: "waitpid \(pid) failed") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

/// A program could not be started or waited for.
struct ChildProcessError: Error, CustomStringConvertible {
    var description: String
}
