import Foundation
import Operations
import StackExchange
import StacktermCLI
import Store
import Testing

/// `--offline`, `--cache-info` and `--clear-cache`: parsing, and what the two commands print and keep.
struct StoreCommandTests {
    @Test func theStoreFlagsParse() throws {
        let options = try StacktermOptions.parse(["--offline"])
        #expect(options.offline && !options.cacheInfo && !options.clearCache)
        #expect(try StacktermOptions.parse(["--cache-info"]).cacheInfo)
        #expect(try StacktermOptions.parse(["--clear-cache"]).clearCache)
        #expect(throws: (any Error).self) { try StacktermOptions.parse(["--cache-info", "--clear-cache"]) }
    }

    @Test func cacheInfoAndClearCacheKeepBookmarks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = StorePaths(environment: [
            "HOME": root.path, "XDG_CACHE_HOME": root.path + "/c", "XDG_DATA_HOME": root.path + "/d",
        ])
        let queues = QueueManager()
        let question = Question(questionID: 7, title: "Kept", creationDate: Date(timeIntervalSince1970: 1_700_000_000))
        PersonalDataManager(paths: paths, queues: queues).setBookmarked(true, question: question, site: "unix")
        QuestionCache(paths: paths, queues: queues)
            .write(Page(items: [question], hasMore: false), key: CacheKey(host: "h", query: QuestionsQuery(), page: 1), at: Date())
        queues.waitUntilAllOperationsAreFinished()

        let before = StoreCommands.cacheInfo(paths: paths)
        #expect(before.contains(paths.cacheFile.path) && before.contains(paths.dataFile.path))
        #expect(before.contains("1 pages, 1 questions") && before.contains("1 bookmarks"), "\(before)")
        let cleared = StoreCommands.clearCache(paths: paths)
        #expect(cleared.ok, "\(cleared.message)")
        let after = StoreCommands.cacheInfo(paths: paths)
        #expect(after.contains("0 pages, 0 questions") && after.contains("1 bookmarks"), "\(after)")
    }

    @Test func cacheInfoSaysWhenTheCacheIsOff() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("a file where the directory should be".utf8).write(to: root.appendingPathComponent("c"))
        let paths = StorePaths(environment: ["HOME": root.path, "XDG_CACHE_HOME": root.path + "/c", "XDG_DATA_HOME": root.path + "/d"])
        let info = StoreCommands.cacheInfo(paths: paths)
        #expect(info.contains("— off") && info.contains("running without the cache"), "\(info)")
        #expect(!StoreCommands.clearCache(paths: paths).ok)
    }

    @Test func theXDGVariablesDecideThePaths() {
        let paths = StorePaths(environment: ["HOME": "/home/p", "XDG_CACHE_HOME": "/x/cache", "XDG_DATA_HOME": "relative/ignored"])
        #expect(paths.cacheFile.path == "/x/cache/stackterm/cache.sqlite")
        #expect(paths.dataFile.path == "/home/p/.local/share/stackterm/data.sqlite")
        let defaults = StorePaths(environment: ["HOME": "/home/p"])
        #expect(defaults.cacheFile.path == "/home/p/.cache/stackterm/cache.sqlite")
    }

    /// The data directory worked out with strings (for the launch's first look for a sign-in) is the one the store uses.
    @Test func theDataDirectoryPathIsTheStoresDataDirectory() {
        for environment in [
            ["HOME": "/home/p"], ["HOME": "/home/p", "XDG_DATA_HOME": "/x/data"], ["HOME": "/home/p", "XDG_DATA_HOME": "relative"],
            ["HOME": "/home/p", "XDG_DATA_HOME": ""], ["HOME": "/home/p with space", "XDG_DATA_HOME": "/x/ü"],
            ["HOME": "/home/p", "XDG_DATA_HOME": "/x/data/"], ["HOME": "/home/p/"],
        ] {
            #expect(StorePaths.dataDirectoryPath(environment: environment) == StorePaths(environment: environment).dataDirectory.path,
                    "\(environment)")
        }
    }

    /// A launch tells a kept sign-in from none by the file alone; `load()` then reads it.
    @Test func aSignInIsKeptWhenItsFileIsThere() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-signin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["HOME": root.path, "XDG_DATA_HOME": root.path + "/d"]
        #expect(!SignInFile.isKept(environment: environment))
        let file = SignInFile(paths: StorePaths(environment: environment))
        try file.save(SignIn(
            accessToken: "t", filter: nil, userID: 1, displayName: "p", reputation: 1, site: "stackoverflow", apiBase: "http://127.0.0.1/2.3"))
        #expect(SignInFile.isKept(environment: environment))
        #expect(try file.load() != nil)
        file.delete()
        #expect(!SignInFile.isKept(environment: environment))
    }
}
