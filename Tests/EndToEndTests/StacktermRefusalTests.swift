import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Testing

/// What stackterm refuses, and how it ends on Ctrl-C.
@Suite(.serialized)
struct StacktermRefusalTests {
    @Test func ctrlCRestoresTheTerminalAndExits130() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("C-c")
            #expect(await eventually { run.exitStatus() != nil })
            #expect(run.exitStatus() == 130)
            #expect(run.terminalModesAfterExit().isSuperset(of: ["icanon", "echo"]), "the terminal was restored")
        }
    }

    /// libcurl is loaded after the first frame (`CLazyCurl`); when it cannot be, the program gives the terminal
    /// back and says so on one line, instead of failing to start (or, in the release build, crashing in a request).
    @Test func withoutLibcurlTheProgramEndsWithOneLineAfterRestoringTheTerminal() async throws {
        try await StacktermRun.with(environment: ["STACKTERM_LIBCURL": "/nonexistent/libcurl.so.4"]) { run in
            #expect(await eventually { run.exitStatus() != nil })
            #expect(run.exitStatus() == 69)
            let lines = run.standardError().split(separator: "\n")
            #expect(lines.count == 1, "\(lines)")
            #expect(lines.first?.hasPrefix("stackterm: the network needs libcurl 4, which could not be loaded (") == true)
            #expect(lines.first?.contains("/nonexistent/libcurl.so.4") == true)
            #expect(run.terminalModesAfterExit().isSuperset(of: ["icanon", "echo"]), "the terminal was restored")
        }
    }

    /// `--offline` never needs the network, so a missing libcurl does not matter to it.
    @Test func offlineNeverLoadsLibcurl() async throws {
        try await StacktermRun.with(arguments: ["--offline"], environment: ["STACKTERM_LIBCURL": "/nonexistent/libcurl.so.4"]) { run in
            #expect(try await run.waitForStatus("offline"))
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
            #expect(run.exitStatus() == 0, "\(run.standardError())")
        }
    }

    @Test func sigtermRestoresTheTerminalAndExits143() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            let pid = try #require(run.stacktermPID())
            #expect(kill(pid, SIGTERM) == 0)
            #expect(await eventually { run.exitStatus() != nil })
            #expect(run.exitStatus() == 143)
            #expect(run.terminalModesAfterExit().isSuperset(of: ["icanon", "echo"]), "the terminal was restored")
        }
    }

    @Test func aNonTerminalIsRefusedWithOneLine() throws {
        let (status, errors) = try Self.runWithoutTerminal([])
        #expect(status == 1)
        #expect(errors == "stackterm: stdin is not a terminal; run stackterm in an interactive terminal\n")
    }

    @Test func aBadCommandLineExits64() throws {
        let (status, errors) = try Self.runWithoutTerminal(["--page-size", "500"])
        #expect(status == 64)
        #expect(errors == "stackterm: --page-size must be between 1 and 100, not 500\n", "one line, no usage block")
    }

    @Test func aKeyOverPlainHTTPToAnotherHostIsRefusedWithOneLine() throws {
        let line = "stackterm: refusing to send the app key over plain http to api.example.com: use https (or a loopback address)\n"
        let (status, errors) = try Self.runWithoutTerminal(["--api-base", "http://api.example.com/2.3", "--key", "k3y"])
        #expect(status == 64)
        #expect(errors == line)
        let (envStatus, envErrors) = try Self.runWithoutTerminal(
            ["--api-base", "http://api.example.com/2.3"], environment: ["STACKEXCHANGE_KEY": "k3y"])
        #expect(envStatus == 64)
        #expect(envErrors == line)
    }

    /// Runs stackterm with stdin and stderr as pipes; returns its exit status and what it wrote to stderr.
    static func runWithoutTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.arguments = ["--api-base", "http://127.0.0.1:9/2.3"] + arguments
        let errors = Pipe()
        process.standardInput = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
