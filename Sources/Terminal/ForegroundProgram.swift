#if canImport(Glibc)
import Glibc
#endif
import CNCursesW

/// Runs a program on the terminal in the foreground, the way tig runs an external command: curses ends,
/// the program has the terminal until it exits, then the screen is restored and repainted.
///
/// For text browsers (`w3m`, `lynx`) in `$BROWSER`. The main queue waits for the program, as it must:
/// the program owns the keyboard and the screen until it ends. Main queue only.
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
        let wasActive = session.isActive
        if wasActive { session.suspend() }
        defer {
            if wasActive { session.resume() }
            onReturn?()
        }
        let name = command[0].split(separator: "/").last.map(String.init) ?? command[0]
        switch Self.spawnAndWait(command, environment: environment) {
        case .failure(let error): return "cannot run \(name): \(error)"
        case .success(0): return nil
        case .success(let status): return "\(name) exited with status \(status)"
        }
    }

    /// Starts `argv` with this process's stdin, stdout and stderr (and no other descriptor) and waits for it; its exit
    /// status, or why it did not start.
    static func spawnAndWait(_ argv: [String], environment: [String: String]) -> Result<Int32, SpawnError> {
        ChildSpawn.start(argv, environment: environment).flatMap(ChildSpawn.waitForExit)
    }
}
