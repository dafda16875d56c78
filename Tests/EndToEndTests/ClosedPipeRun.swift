import Foundation

/// `stackterm` run with its stdout a pipe whose reader has already gone (`stackterm … | true` when `true` wins the
/// race, every time): the first write meets EPIPE. How the process ended, and what it said on stderr.
struct ClosedPipeRun {
    /// The exit status, or the signal that ended it.
    var status: Int32
    /// True when a signal ended it (a SIGPIPE death, a crash), not an exit.
    var signalled: Bool
    var errors: String

    /// Runs `stackterm arguments…` with private XDG directories and `environment`, stdin from /dev/null.
    static func run(_ arguments: [String], store: StoreDirectory, environment: [String: String] = [:]) throws -> ClosedPipeRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(store.environment) { $1 }
            .merging(["XDG_CONFIG_HOME": store.root.appendingPathComponent("config").path, "NO_COLOR": "", "LANG": "C.UTF-8"]) { $1 }
            .merging(environment) { $1 }
        let output = Pipe(), errors = Pipe()
        // The reader is gone before the child starts: no race with a reader that might still take a small output.
        try output.fileHandleForReading.close()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try output.fileHandleForWriting.close()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ClosedPipeRun(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            errors: String(decoding: errorData, as: UTF8.self))
    }
}
