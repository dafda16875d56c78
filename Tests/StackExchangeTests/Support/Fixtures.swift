import Foundation
import Testing

/// The captured API responses in `Tests/Fixtures/stackexchange-captures`, found from this file's path.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // StackExchangeTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/stackexchange-captures")

    /// One response body: its name (file name without `.json` / `.body.gz`) and where it came from.
    struct Capture: CustomStringConvertible, Sendable {
        var name: String
        var file: URL
        var isGzip: Bool
        var description: String { file.lastPathComponent }
    }

    /// Every body in the directory: each non-empty `.json` and each `.body.gz`.
    static func allCaptures() throws -> [Capture] {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])
        var captures: [Capture] = []
        for file in files.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            let name = file.lastPathComponent
            if name.hasSuffix(".body.gz") {
                captures.append(Capture(name: String(name.dropLast(".body.gz".count)), file: file, isGzip: true))
            } else if name.hasSuffix(".json") {
                let size = try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
                // A 0-byte .json stands beside its .body.gz, which is the real body.
                if size > 0 { captures.append(Capture(name: String(name.dropLast(".json".count)), file: file, isGzip: false)) }
            }
        }
        return captures
    }

    /// The body bytes of `capture`, gunzipped when needed.
    static func body(_ capture: Capture) throws -> Data {
        capture.isGzip ? try gunzip(capture.file) : try Data(contentsOf: capture.file)
    }

    /// The body of the capture named `name` (prefers the `.json`).
    static func body(named name: String) throws -> Data {
        let capture = try #require(try allCaptures().first { $0.name == name })
        return try body(capture)
    }

    /// Decompresses a gzip file with /usr/bin/gunzip (tests only).
    static func gunzip(_ file: URL) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gunzip")
        process.arguments = ["-c", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GunzipFailed(file: file.lastPathComponent) }
        return data
    }

    struct GunzipFailed: Error {
        var file: String
    }
}
