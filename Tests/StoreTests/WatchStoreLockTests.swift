import Foundation
import GRDB
import Synchronization
@testable import Store
import StorePorts
import Testing
import TestSupport

/// The browser's watch writes never hold a key: another stackterm holding the data file's lock makes the write wait
/// on the background queue, not the main thread, and it lands once the lock is let go.
@MainActor
struct WatchStoreLockTests {
    let start = Date(timeIntervalSince1970: 1_795_435_200)

    @Test func aWriteWaitsForAnotherProgramsLockOffTheCallersThread() async throws {
        let store = try TemporaryStore()
        let watches = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        let item = WatchedItem(
            site: "stackoverflow", kind: .question, id: 7, questionID: 7, title: "New", link: "", createdAt: start, watch: "[rust]")
        watches.addNew([item])
        #expect(watches.unseenItems() == [item])
        let holder = try HeldWriteLock(path: store.paths.dataFile.path)
        let written = WrittenFlag()
        watches.inBackground({ $0.markSeen([item]) }, completion: { written.set() })
        // Had the write run here, it would have waited out the busy timeout and failed under the held lock.
        #expect(!written.done, "the caller goes on while the lock is held")
        holder.release()
        let landed = await eventually { @Sendable [written] in written.done }
        #expect(landed)
        #expect(watches.unseenItems().isEmpty, "the write landed once the lock was let go")
    }

    @Test func writesLandInTheOrderAsked() async throws {
        let store = try TemporaryStore()
        let watches = WatchStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        let entry = WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: start)
        let first = watches.enqueue({ $0.addWatch(entry) }, completion: {})
        let second = watches.enqueue({ $0.removeWatch(site: "stackoverflow", kind: .tag, subject: "rust") }, completion: {})
        #expect(second.dependencies == [first], "each write waits for the one asked before it")
        let written = WrittenFlag()
        for round in 0..<20 {
            watches.inBackground({ $0.addWatch(entry) }, completion: {})
            watches.inBackground({ $0.removeWatch(site: "stackoverflow", kind: .tag, subject: "rust") }, completion: {})
            if round == 19 { watches.inBackground({ $0.addWatch(entry) }, completion: { written.set() }) }
        }
        let landed = await eventually { @Sendable [written] in written.done }
        #expect(landed)
        #expect(watches.watches() == [entry], "the last add came last")
    }
}

/// Set when a write says it is done (on the main actor), read by the waiting test.
private final class WrittenFlag: Sendable {
    private let value = Mutex(false)
    var done: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

/// Another program's hold on a data file: a transaction that took the write lock and keeps it until `release`.
private final class HeldWriteLock {
    private let queue: DatabaseQueue

    init(path: String) throws {
        var configuration = Configuration()
        // The transaction outlives the access that began it, as another program's would.
        configuration.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
    }

    func release() {
        try? queue.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try? queue.close()
    }
}
