import Foundation
import Operations
import StackExchange
import StackExchangeReplica
import Store
import TestSupport
import Testing

/// The local store as a person meets it: a second launch, a stopped replica, bookmarks, two processes, SIGKILL.
@Suite(.serialized)
struct StoreEndToEndTests {
    /// Runs stackterm once in `store` until page 1 shows, does `keys`, then quits with q and waits for the exit.
    private func firstLaunch(_ store: StoreDirectory, keys: [String] = [], then: (StacktermRun) async throws -> Void = { _ in }) async throws {
        let run = try await StacktermRun.start(store: store)
        do {
            #expect(try await run.waitForStatus("1/30+"))
            for key in keys { try run.tmux.send(key) }
            try await then(run)
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }

    @Test func aSecondLaunchShowsCachedRowsBeforeTheReplicaAnswers() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await firstLaunch(store)
        try await StacktermRun.with(latencyMilliseconds: 4_000, store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("cached", within: 3))
            #expect(try run.statusBar().contains("1/30"))
            #expect(try run.tmux.capture().prefix(5).allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
            #expect(run.finishedRequests(pathPrefix: "/2.3/questions").isEmpty, "the rows came before the replica answered")
            #expect(await eventually { run.replica.requestCount(pathPrefix: "/2.3/questions") >= 1 }, "and the same request went out")
            // When the answer comes the list is live again.
            #expect(await eventually(within: 15) { (try? run.statusBar().contains("cached")) == false })
        }
    }

    @Test func aQuestionSeenBeforeOpensWhileTheReplicaIsStopped() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await firstLaunch(store, keys: ["Enter"]) { run in
            #expect(try await run.waitForStatus("line 1/"))
            try run.tmux.send("q")
            #expect(try await run.waitForStatus("1/30+"))
        }
        // The first replica is gone; the API's port refuses connections (the store is one for every API base).
        let refusing = try RefusingPort()
        try await StacktermRun.with(store: store, apiBase: refusing.baseURL) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("offline"))
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            let screen = try run.tmux.capture()
            #expect(screen.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count > 5, "the body is drawn")
        }
    }

    /// `[store] cache_size_mb`: a cache filled past 1 MB is back within 1 MB plus half after a launch and a quit,
    /// its WAL included (the default limit, 100 MB, would leave all 3 MB).
    @Test func quittingLeavesTheCacheWithinCacheSizeMB() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let paths = StorePaths(environment: store.environment)
        do {
            let queues = QueueManager()
            let filling = QuestionCache(paths: paths, queues: queues)
            for page in 1...40 {
                let items = (page * 100..<page * 100 + 30).map { n in
                    Question(questionID: n, title: "Question \(n)", link: "https://stackoverflow.com/q/\(n)", tags: ["swift"],
                             score: 1, answerCount: 0, viewCount: 1, isAnswered: false, creationDate: Date(timeIntervalSince1970: 1_700_000_000),
                             body: "<p>" + String(repeating: "filler \(n) ", count: 300) + "</p>")
                }
                filling.write(Page(items: items, hasMore: true), key: CacheKey(host: "old", query: QuestionsQuery(), page: page),
                              at: Date(timeIntervalSince1970: 1_700_000_000 + Double(page)))
            }
            queues.waitUntilAllOperationsAreFinished()
        }
        let bytes = { ["", "-wal"].reduce(0) { total, suffix in
            total + (((try? FileManager.default.attributesOfItem(atPath: paths.cacheFile.path + suffix))?[.size] as? NSNumber)?.intValue ?? 0)
        } }
        #expect(bytes() > 3 * 1_048_576, "the cache was filled: \(bytes()) bytes")
        try await StacktermRun.with(store: store, config: "[store]\ncache_size_mb = 1\n") { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
        }
        #expect(bytes() <= 1_048_576 * 3 / 2, "\(bytes()) bytes on disk after the quit")
        let wal = (try? FileManager.default.attributesOfItem(atPath: paths.cacheFile.path + "-wal"))?[.size] as? NSNumber
        // Truncated to one page (the WAL's header, a frame header and a 4 KB page), so the next open writes nothing.
        #expect((wal?.intValue ?? 0) == 32 + 24 + 4_096, "the WAL is truncated to one page")
    }

    @Test func aBookmarkSurvivesClearCache() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await firstLaunch(store, keys: ["b"]) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("bookmarked"))
        }
        let cleared = try await offThePool { try store.runStackterm(["--clear-cache"]) }
        #expect(cleared.status == 0, "\(cleared.output)")
        let info = try await offThePool { try store.runStackterm(["--cache-info"]) }
        #expect(info.output.contains("0 pages") && info.output.contains("1 bookmarks"), "\(info.output)")
        // The network gone: the API's port refuses connections.
        let refusing = try RefusingPort()
        try await StacktermRun.with(store: store, apiBase: refusing.baseURL) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("offline"))
            try run.tmux.send("B")
            #expect(try await run.waitForStatus("bookmarks"))
            #expect(try run.statusBar().contains("1/1"))
        }
    }

    @Test func twoProcessesAtOnceKeepBothBookmarks() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let first = try await StacktermRun.start(store: store)
        let second = try await StacktermRun.start(store: store)
        do {
            #expect(try await first.waitForStatus("1/30+"))
            #expect(try await second.waitForStatus("1/30+"))
            try first.tmux.send("b")
            try second.tmux.send("Down")
            try second.tmux.send("b")
            for run in [first, second] {
                let saved = try await run.waitForStatus("bookmarked")
                let status = try run.statusBar()
                #expect(saved, "\(status)")
            }
            for run in [first, second] {
                #expect(!(try run.statusBar().contains("locked")))
                try run.tmux.send("q")
            }
            #expect(await eventually { first.exitStatus() == 0 && second.exitStatus() == 0 })
        } catch {
            try await first.stop()
            try await second.stop()
            throw error
        }
        try await first.stop()
        try await second.stop()
        let info = try await offThePool { try store.runStackterm(["--cache-info"]) }
        #expect(info.output.contains("2 bookmarks"), "\(info.output)")
    }

    @Test func offlineStartsFromTheStoreWithoutTouchingTheNetwork() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await firstLaunch(store)
        try await StacktermRun.with(arguments: ["--offline"], store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("offline"))
            #expect(try run.statusBar().contains("1/30"))
            try run.tmux.send("r")
            #expect(try await run.waitForStatus("offline"))
            #expect(run.replica.requestCount(pathPrefix: "/2.3") == 0)
        }
    }

    @Test func killingTheWriterInALoopLeavesConsistentDatabases() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        for round in 0..<4 {
            try await StacktermRun.with(latencyMilliseconds: 5, store: store) { (run: StacktermRun) async throws in
                let shown = try await run.waitForStatus("1/30+")
                let screen = try run.statusBar()
                #expect(shown, "round \(round): \(screen)")
                for _ in 0..<(3 + round) { try run.tmux.send("b", "m", "Down") }
                try run.tmux.send("n")
                // Mid-write: the keys were just sent, the page and the marks are being written.
                let pid = try #require(run.stacktermPID())
                kill(pid, SIGKILL)
                #expect(await eventually { run.exitStatus() != nil })
                #expect(run.exitStatus() == 137)
            }
        }
        let paths = StorePaths(environment: store.environment.merging(["HOME": store.root.path]) { $1 })
        let queues = QueueManager()
        let personal = PersonalDataManager(paths: paths, queues: queues)
        #expect(personal.unavailableReason == nil, "the data file opens and passes its integrity check")
        let cache = QuestionCache(paths: paths, queues: queues)
        queues.waitUntilAllOperationsAreFinished()
        #expect(cache.takeNotice() == nil, "the cache passes its integrity check")
        #expect(cache.isAvailable)
    }
}
