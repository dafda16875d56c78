import Dispatch
import Foundation
import StorePorts
@testable import Store
import Testing

/// The person's data opening in the background: a write made before the file is open waits for nothing, and is made,
/// in order, once it is; a read sees it.
struct PersonalDataOpeningTests {
    @Test func writesMadeBeforeTheFileOpensAreMadeInTheirOrder() throws {
        let store = try TemporaryStore()
        let personal = PersonalDataOpening(paths: store.paths, queues: store.queues)
        // Straight after the open started: these are kept, then made by the opening thread.
        personal.setRead(true, site: "unix", questionID: 1) { _ in }
        personal.setRead(false, site: "unix", questionID: 1) { _ in }
        personal.setRead(true, site: "unix", questionID: 1) { _ in }
        personal.setRead(true, site: "unix", questionID: 2) { _ in }
        personal.setRead(false, site: "unix", questionID: 2) { _ in }
        #expect(personal.isRead(site: "unix", questionID: 1))
        #expect(!personal.isRead(site: "unix", questionID: 2))
        #expect(personal.unsavedChanges(waitingAtMost: .seconds(10)).isEmpty)

        // What the file holds, as the next launch reads it.
        let next = PersonalDataOpening(paths: store.paths, queues: store.queues)
        #expect(next.isRead(site: "unix", questionID: 1))
        #expect(!next.isRead(site: "unix", questionID: 2))
    }

    /// The first launch: while a data file that did not exist is being made, and nothing is kept to be written to it,
    /// it is "being made from nothing"; a write kept for it, or a file already there, ends that.
    @Test func aDataFileBeingMadeFromNothingSaysSoUntilAWriteIsKeptForIt() throws {
        let store = try TemporaryStore()
        let gate = DispatchSemaphore(value: 0)
        let personal = PersonalDataOpening(paths: store.paths, queues: store.queues, beforeOpen: { gate.wait() })
        defer { gate.signal() }
        #expect(personal.isBeingMadeFromNothing)
        // A write kept for the file: it is no longer nothing.
        personal.setRead(true, site: "unix", questionID: 7) { _ in }
        #expect(!personal.isBeingMadeFromNothing)
        gate.signal()
        #expect(personal.isRead(site: "unix", questionID: 7))
        #expect(!personal.isBeingMadeFromNothing)
        store.drain()

        // The next launch finds the file: it is read, never taken as empty.
        let next = PersonalDataOpening(paths: store.paths, queues: store.queues, beforeOpen: { gate.wait() })
        #expect(!next.isBeingMadeFromNothing)
        gate.signal()
        #expect(next.isRead(site: "unix", questionID: 7))
    }
}
