public import Foundation
#if canImport(Glibc)
public import Glibc
#endif

/// Starts a program as a terminal's shell would: no signal blocked and every disposition at its default.
///
/// The test runner's threads block most signals and a child inherits that mask: a tmux server would ignore
/// kill-server's SIGHUP, strace would never hear SIGINT, and a server would outlive its test. Every program the tests
/// start for a while (`ChildProcess`, `ServerChild`) goes through here.
public enum DefaultSignalSpawn {
    /// Why a program could not be started: `posix_spawnp`'s error number, said in words.
    public struct Failure: Error, CustomStringConvertible {
        public var program: String
        public var code: Int32
        public var description: String { "\(program): \(String(cString: strerror(code)))" }
    }

    /// Spawns `arguments` (the first found on `PATH`) with `actions` and `environment` (`NAME=value` strings); the pid.
    public static func spawn(
        _ arguments: [String], actions: inout posix_spawn_file_actions_t, environment: [String]
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
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, &cArguments, &cEnvironment)
        return result == 0 ? .success(pid) : .failure(Failure(program: arguments[0], code: result))
    }
}
