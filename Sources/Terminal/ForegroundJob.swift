internal import CSpawn
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// How a program that had the terminal ended.
public enum ForegroundExit: Hashable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (a `kill`, a crash).
    case signaled(Int32)

    /// The shell's number for it: the status, or 128 plus the signal.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signaled(let signal): 128 + signal
        }
    }
}

/// Waits for a child that has the terminal, with job control, the way git waits for `$EDITOR` and tig for its
/// external commands.
///
/// The child runs in stackterm's own process group, so a Ctrl-Z the terminal turns into SIGTSTP, or an editor's own
/// `kill(0, SIGTSTP)` (vim), stops both, and the shell's `fg` continues both. While it waits, stackterm's SIGTSTP
/// is at its default action (ncurses' handler would take the terminal back from the editor on continuing) and
/// SIGINT and SIGQUIT are ignored (a Ctrl-C meant for the editor must not end stackterm). A child that stops alone
/// (an editor that stops only itself) is waited for with `WUNTRACED`: stackterm then stops itself too, so the shell
/// gets its prompt back, and on `fg` continues the child. Whether stackterm was stopped with the child is told by
/// the SIGCONTs it received meanwhile (`stackterm_continues`), so a group stop is never followed by a second one.
enum ForegroundJob {
    /// Waits for `pid` to end, stopping and continuing with it; restores the three signals' actions before returning.
    static func wait(for pid: pid_t) -> Result<ForegroundExit, SpawnError> {
        let saved = SignalActions.hold()
        defer { saved.restore() }
        var status: Int32 = 0
        while true {
            let continuesBefore = stackterm_continues()
            guard waitpid(pid, &status, WUNTRACED) != -1 else {
                if errno == EINTR { continue }
                return .failure(SpawnError(message: "waitpid failed: \(String(cString: strerror(errno)))"))
            }
            // WIFSTOPPED, WIFEXITED and WTERMSIG, which Swift does not import.
            if status & 0xFF == 0x7F {
                // A group stop stopped stackterm with the child, and the shell's `fg` continued both: only the
                // child is made sure of. A child that stopped alone, and is still stopped, stops stackterm too.
                if stackterm_continues() == continuesBefore, isStopped(pid) {
                    kill(getpid(), SIGTSTP)
                }
                // Continued (`fg`): the child is continued with us, or here when the shell continued only us.
                kill(pid, SIGCONT)
                continue
            }
            if status & 0x7F == 0 { return .success(.exited((status >> 8) & 0xFF)) }
            return .success(.signaled(status & 0x7F))
        }
    }

    /// Whether `pid` is stopped now: the state letter of `/proc/PID/stat` (after the command name's closing paren).
    static func isStopped(_ pid: pid_t) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let paren = text.lastIndex(of: ")") else { return false }
        let state = text[text.index(after: paren)...].drop { $0 == " " }.first
        return state == "T" || state == "t"
    }

    /// SIGTSTP, SIGINT and SIGQUIT's actions while a foreground child runs, and the ones to put back.
    struct SignalActions {
        private var saved: [(Int32, sigaction)] = []

        /// SIGTSTP at its default, SIGINT and SIGQUIT ignored; the actions before, to restore.
        static func hold() -> SignalActions {
            var actions = SignalActions()
            stackterm_count_continues(1)
            for (signal, handler) in [(SIGTSTP, SIG_DFL), (SIGINT, SIG_IGN), (SIGQUIT, SIG_IGN)] {
                var new = sigaction()
                new.__sigaction_handler.sa_handler = handler
                sigemptyset(&new.sa_mask)
                var old = sigaction()
                if sigaction(signal, &new, &old) == 0 { actions.saved.append((signal, old)) }
            }
            // A SIGTSTP or SIGCONT blocked in this thread (a test runner's mask) would never stop or count.
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, SIGTSTP)
            sigaddset(&unblock, SIGCONT)
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
            return actions
        }

        func restore() {
            stackterm_count_continues(0)
            for (signal, action) in saved {
                var action = action
                sigaction(signal, &action, nil)
            }
        }
    }
}
