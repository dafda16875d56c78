import Foundation
import StorePorts
@testable import Store
import Testing

/// `remembered.json`: the prompts' histories and the help's first opening, kept across runs, private.
struct RememberedFileTests {
    @Test func whatIsKeptIsReadBackAndPrivate() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-remembered-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = StorePaths(environment: ["XDG_DATA_HOME": root.path, "XDG_CACHE_HOME": root.appendingPathComponent("cache").path])
        let file = RememberedFile(paths: paths)
        #expect(file.remembered() == Remembered())
        let kept = Remembered(promptHistory: ["tag": ["bash", "swift"]], helpSeen: true)
        file.keep(kept)
        #expect(RememberedFile(paths: paths).remembered() == kept)
        let path = paths.dataDirectory.appendingPathComponent("remembered.json").path
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(file.remembered() == Remembered(), "a damaged file reads as empty")
    }
}
