import Foundation
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
}
