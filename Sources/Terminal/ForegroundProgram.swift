#if canImport(Glibc)
import Glibc
#endif
import CNCursesW

/// Runs a program on the terminal in the foreground, the way tig runs an external command: curses ends,
/// the program has the terminal until it exits, then the screen is restored and repainted.
///
/// For text browsers (`w3m`, `lynx`) in `$BROWSER` and the person's editor (`$VISUAL`, `$EDITOR`). The terminal is
/// handed over whole: mouse reports, bracketed paste and focus reports off, the terminal in its normal mode, the
/// alternate screen left; on return all of it is set again and the whole screen drawn. The main queue waits for the
/// program, as it must: the program owns the keyboard and the screen until it ends, and a Ctrl-Z stops it and
/// stackterm together (`ForegroundJob`). The program gets the clean environment and signals of `ChildSpawn`.
/// Main queue only.
@MainActor
public final class ForegroundProgram {
    private let session: TerminalSession
    /// Called once the screen is back in curses mode: forget the last frame and draw a whole one.
    public var onReturn: (() -> Void)?

    public init(session: TerminalSession) {
        self.session = session
    }

    /// Runs `command` (an absolute path, then its arguments) on the terminal; returns a one-line error or nil.
    public func run(_ command: [String], environment: [String: String]) -> String? {
        let name = command[0].split(separator: "/").last.map(String.init) ?? command[0]
        switch runToEnd(command, environment: environment) {
        case .failure(let error): return "cannot run \(name): \(error)"
        case .success(.exited(0)): return nil
        case .success(let exit): return "\(name) exited with status \(exit.shellStatus)"
        }
    }

    /// Runs the person's editor: `command`'s program is found on `environment`'s `PATH` unless it is a path, as a
    /// shell would find it (never through a shell); then as `runToEnd`.
    public func runEditor(_ command: [String], environment: [String: String]) -> Result<ForegroundExit, SpawnError> {
        guard let program = command.first else { return .failure(SpawnError(message: "no editor command")) }
        guard let executable = URLOpener.resolve(program, path: environment["PATH"] ?? "") else {
            return .failure(SpawnError(message: "\(program) not found on PATH"))
        }
        return runToEnd([executable] + command.dropFirst(), environment: environment)
    }

    /// Runs `command` (an absolute path, then its arguments) on the terminal until it ends: how it ended, or why it
    /// did not start. The screen is back in curses mode and drawn whole when this returns.
    public func runToEnd(_ command: [String], environment: [String: String]) -> Result<ForegroundExit, SpawnError> {
        let wasActive = session.isActive
        if wasActive { session.suspend() }
        defer {
            if wasActive { session.resume() }
            onReturn?()
        }
        return Self.spawnAndWait(command, environment: environment)
    }

    /// Starts `argv` with this process's stdin, stdout and stderr (and no other descriptor) and waits for it, stopping
    /// and continuing with it; how it ended, or why it did not start.
    static func spawnAndWait(_ argv: [String], environment: [String: String]) -> Result<ForegroundExit, SpawnError> {
        ChildSpawn.start(argv, environment: environment).flatMap(ForegroundJob.wait(for:))
    }
}
