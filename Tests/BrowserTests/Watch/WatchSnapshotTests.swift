@testable import Browser
import Foundation
import StorePorts
import Testing

/// The watches as the browser reads them at start: the config's are added without a write on the main thread.
@MainActor
struct WatchSnapshotTests {
    let earlier = Date(timeIntervalSince1970: 1_700_000_000)
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theConfigsWatchesAreInTheSnapshotAtOnceAndWrittenInTheBackground() {
        let store = DeferredWatchStore()
        let kept = WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: earlier)
        store.memory.addWatch(kept)
        let configured = [
            WatchEntry(site: "stackoverflow", kind: .tag, subject: "swift", since: now),
            WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: now),
            WatchEntry(site: "stackoverflow", kind: .tag, subject: "swift", since: now),
        ]
        let ports = WatchPorts(requests: StubWatchRequests(), store: store, configured: configured)
        let snapshot = ports.snapshot()
        let swift = WatchEntry(site: "stackoverflow", kind: .tag, subject: "swift", since: now)
        #expect(snapshot.watches == [kept, swift], "a kept watch keeps its time; a new one starts now, once")
        #expect(store.writesOnTheCallersThread == 0, "nothing written on the caller's thread")
        #expect(store.memory.watches() == [kept], "the data file has it only once the background write lands")
        store.runPending()
        #expect(store.memory.watches() == snapshot.watches)
        #expect(store.writesOnTheCallersThread == 0)
    }

    @Test func nothingIsWrittenWhenTheDataFileHasEveryConfiguredWatch() {
        let store = DeferredWatchStore()
        let kept = WatchEntry(site: "unix", kind: .tag, subject: "bash", since: earlier)
        store.memory.addWatch(kept)
        let ports = WatchPorts(
            requests: StubWatchRequests(), store: store, configured: [WatchEntry(site: "unix", kind: .tag, subject: "bash", since: now)])
        #expect(ports.snapshot().watches == [kept])
        #expect(store.pending.isEmpty)
    }
}
