import Foundation
import TestSupport
import Testing

/// Runs the built `stackterm-replica`; skipped when the binary was not built beside the tests.
struct ReplicaCommandLineTests {
    /// `STACKTERM_BIN_DIR` (set by scripts/test) or the directory of the running test binary.
    static var binary: URL {
        let directory = ProcessInfo.processInfo.environment["STACKTERM_BIN_DIR"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return directory.appendingPathComponent("stackterm-replica")
    }

    static var binaryExists: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    /// SIGTERM sent the moment the listening line is read must still end in a clean exit 0.
    @Test(.enabled(if: binaryExists)) func sigtermRightAfterTheListeningLineExitsCleanly() async throws {
        let replica = try ServerChild([Self.binary.path, "--port", "0"])
        defer { replica.stop() }
        let line = try await offThePool { replica.readLine() ?? "" }
        #expect(line.hasPrefix("stackterm-replica listening on http://127.0.0.1:") && line.hasSuffix("/2.3"))
        let status = try await offThePool { replica.stop() }
        #expect(status == 0)
    }

    /// A malformed `--grant` is refused on one line (exit 64), naming what is wrong.
    @Test(.enabled(if: binaryExists), arguments: [
        ("demo", "is not TOKEN:SCOPES"), ("demo:fly", "unknown scope 'fly'"), ("demo:write_access:bob", "'bob' is not a user id"),
    ])
    func aMalformedGrantIsRefusedOnOneLine(grant: String, message: String) async throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["--port", "0", "--grant", grant]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = try await offThePool { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        try await offThePool { process.waitUntilExit() }
        #expect(process.terminationStatus == 64)
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.contains(message), "\(text)")
    }
}
