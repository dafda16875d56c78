import Foundation

/// The XDG data and cache directories of a run: in a temporary directory, never the real home.
///
/// Runs that share one see each other's cache and bookmarks, like two launches on one machine.
struct StoreDirectory {
    let root: URL

    /// A new, empty one (removed by `remove()`).
    static func make() throws -> StoreDirectory {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return StoreDirectory(root: root)
    }

    var environment: [String: String] {
        ["XDG_DATA_HOME": root.appendingPathComponent("data").path, "XDG_CACHE_HOME": root.appendingPathComponent("cache").path]
    }

    /// Runs `stackterm` with `arguments` (no terminal: `--cache-info`, `--clear-cache`) and returns its output and status.
    func runStackterm(_ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
