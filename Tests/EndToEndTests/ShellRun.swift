import Foundation
import StackExchangeReplica

/// `stackterm` run from a shell without a terminal (stdout and stderr captured), against a replica, with private XDG
/// directories: what `--print`, `--json` and a link write, and how the process ends.
struct ShellRun {
    var output: String
    var errors: String
    var status: Int32

    /// Runs `stackterm --api-base REPLICA arguments…` with stdin from /dev/null; `store` holds the cache between runs.
    /// `omitAPIBase` runs `stackterm arguments…` alone (a subcommand, which must come first).
    static func run(
        _ arguments: [String], replica: ReplicaServer?, store: StoreDirectory, environment: [String: String] = [:],
        apiBase: String? = nil, unsetting unset: Set<String> = [], omitAPIBase: Bool = false
    ) throws -> ShellRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
        let base = apiBase ?? replica?.baseURL.absoluteString ?? "http://127.0.0.1:9/2.3"
        process.arguments = (omitAPIBase ? [] : ["--api-base", base]) + arguments
        let configHome = store.root.appendingPathComponent("config").path
        process.environment = ProcessInfo.processInfo.environment
            .merging(store.environment) { $1 }
            .merging(["XDG_CONFIG_HOME": configHome, "NO_COLOR": "", "COLUMNS": "", "LANG": "C.UTF-8"]) { $1 }
            .merging(environment) { $1 }
            .filter { !unset.contains($0.key) }
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both to the end together: a large answer must not fill one pipe while the other is waited on.
        let errorData = Mutable<Data>()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.value = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ShellRun(
            output: String(decoding: outputData, as: UTF8.self), errors: String(decoding: errorData.value ?? Data(), as: UTF8.self),
            status: process.terminationStatus)
    }

    /// Runs `script` with bash (a pipeline), the store's XDG directories in its environment; its stdout.
    static func bash(_ script: String, store: StoreDirectory) throws -> ShellRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(store.environment) { $1 }
            .merging(["XDG_CONFIG_HOME": store.root.appendingPathComponent("config").path, "NO_COLOR": ""]) { $1 }
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ShellRun(output: String(decoding: data, as: UTF8.self), errors: "", status: process.terminationStatus)
    }

    /// A value handed from a reading thread to the waiting one.
    final class Mutable<Value>: @unchecked Sendable {
        // @unchecked Sendable: written once before `group.leave()`, read after `group.wait()`.
        var value: Value?
    }

    /// `text` compared with `Tests/Fixtures/shell-expected/<name>`; STACKTERM_RECORD_SNAPSHOTS=1 writes it instead.
    static func matchesExpected(_ text: String, named name: String) throws -> Bool {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/shell-expected/\(name)")
        if ProcessInfo.processInfo.environment["STACKTERM_RECORD_SNAPSHOTS"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return true
        }
        return try String(contentsOf: url, encoding: .utf8) == text
    }
}
