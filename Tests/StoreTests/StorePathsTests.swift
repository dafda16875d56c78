import Foundation
@testable import Store
import Testing

/// Where the files live: worked out from the environment alone, the same whether the directories exist yet or not.
struct StorePathsTests {
    @Test func thePathsAreTheSameBeforeAndAfterTheDirectoriesAreMade() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["HOME": root.path, "XDG_DATA_HOME": root.path + "/data", "XDG_CACHE_HOME": root.path + "/cache"]
        let before = StorePaths(environment: environment)
        for directory in [before.dataDirectory, before.cacheDirectory, before.sitesDirectory] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        FileManager.default.createFile(atPath: before.dataFile.path, contents: Data())
        let after = StorePaths(environment: environment)
        #expect(before == after)
        #expect(before.dataFile == after.dataFile && before.cacheFile == after.cacheFile)
        #expect(before.importedSiteFile("unix") == after.importedSiteFile("unix"))
        #expect(before.dataFile.path == root.path + "/data/stackterm/data.sqlite")
        #expect(before.cacheFile.path == root.path + "/cache/stackterm/cache.sqlite")
        #expect(before.importedSiteFile("unix").path == root.path + "/data/stackterm/sites/unix.sqlite")
        // Without XDG variables, under the home directory.
        let home = StorePaths(environment: ["HOME": root.path])
        #expect(home.dataFile.path == root.path + "/.local/share/stackterm/data.sqlite")
        #expect(home.cacheDirectory.path == root.path + "/.cache/stackterm")
    }
}
