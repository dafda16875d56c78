#if canImport(Glibc)
public import Glibc
#endif

/// Starts a program as a terminal's shell would: no signal blocked and every disposition at its default.
///
/// A child inherits its parent's signal mask and the signals it ignores across exec: stackterm ignores SIGPIPE and
/// handles SIGINT, SIGTERM and SIGHUP itself, and a test runner's threads block most signals, so a child started
/// plainly would never hear them (a tmux server would outlive kill-server's SIGHUP, an editor Ctrl-C). Every program
/// stackterm, its tests and its benchmarks start goes through here (`ChildSpawn`, `PseudoTerminal`, the tests'
/// `ChildProcess` and `ServerChild`, the bench's `TmuxServer`).
public enum DefaultSignalSpawn {
    /// Why a program could not be started: `posix_spawn`'s error number, said in words.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var program: String
        public var code: Int32
        public var description: String { "\(program): \(String(cString: strerror(code)))" }
    }

    /// Spawns `arguments` with `actions` and `environment` (`NAME=value` strings); its process id. The first argument
    /// is found on `PATH` when `searchingPath`, else it is a path.
    public static func spawn(
        _ arguments: [String], actions: inout posix_spawn_file_actions_t, environment: [String], searchingPath: Bool = true
    ) -> Result<pid_t, Failure> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = searchingPath
            ? posix_spawnp(&pid, arguments[0], &actions, &attributes, &cArguments, &cEnvironment)
            : posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, &cEnvironment)
        return result == 0 ? .success(pid) : .failure(Failure(program: arguments[0], code: result))
    }

    /// `environment` as the `NAME=value` strings `spawn` takes.
    public static func entries(_ environment: [String: String]) -> [String] {
        environment.map { "\($0.key)=\($0.value)" }
    }
}
