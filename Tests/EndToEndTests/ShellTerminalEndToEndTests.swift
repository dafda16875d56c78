import Foundation
import StackExchangeReplica
import Testing

/// `--print` on a real terminal (a pseudo-terminal made by `script`): wrapped to `$COLUMNS` and coloured, never
/// coloured under `NO_COLOR`.
struct ShellTerminalEndToEndTests {
    /// What `stackterm --print QUERY` writes to a terminal, with `environment` set.
    static func printed(
        on replica: ReplicaServer, store: StoreDirectory, environment: [String: String], query: String = "reflog"
    ) throws -> String {
        let command = [Binaries.stackterm, "--api-base", replica.baseURL.absoluteString, "--print", query]
            .map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", command, "/dev/null"]
        process.environment = ProcessInfo.processInfo.environment.merging(store.environment) { $1 }
            .merging(["XDG_CONFIG_HOME": store.root.appendingPathComponent("config").path, "TERM": "xterm"]) { $1 }
            .merging(environment) { $1 }
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
    }

    @Test func aTerminalGetsColoursAndItsWidthAndNoColorTurnsThemOff() async throws {
        let replica = try await ReplicaServer.start(ReplicaOptions(quota: 10_000))
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let coloured = try Self.printed(on: replica, store: store, environment: ["COLUMNS": "40", "NO_COLOR": ""])
        let plain = try Self.printed(on: replica, store: store, environment: ["COLUMNS": "40", "NO_COLOR": "1"])
        try await replica.shutdown()
        #expect(coloured.contains("\u{1B}[1m"), "\(coloured)")
        #expect(!plain.contains("\u{1B}["), "\(plain)")
        let stripped = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(stripped == plain)
        let lines = plain.split(separator: "\n")
        #expect(lines.first == "What's the idiomatic way to cancel")
        // Every line fits 40 columns but a link, which has no space to break at.
        #expect(lines.filter { !$0.contains("https://") }.allSatisfy { $0.count <= 40 }, "\(lines)")
    }
}
