import Foundation

/// Where the built executables are: `STACKTERM_BIN_DIR` (set by scripts/test), else `.build/debug`.
enum Binaries {
    static var directory: String {
        if let directory = ProcessInfo.processInfo.environment["STACKTERM_BIN_DIR"], !directory.isEmpty {
            return directory
        }
        // Tests/EndToEndTests/Binaries.swift → the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug").path
    }

    static var stackterm: String { directory + "/stackterm" }
}
