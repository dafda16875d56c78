import Dispatch
import Foundation
import StackExchange
import Testing
@testable import Store

/// The data file's open begun at launch, before the queues its manager needs are made (`DataFileOpening`): the
/// manager made next takes it, for its own file only, and a damaged file it found is reported as an open of its own
/// reports it.
struct DataFileOpeningTests {
    /// The environment whose XDG directories are `store`'s.
    static func environment(_ store: TemporaryStore) -> [String: String] {
        ["HOME": store.root.path, "XDG_DATA_HOME": store.root.appendingPathComponent("data").path]
    }

    /// A data file holding read mark 1 and a bookmark of question 2, closed.
    func filledStore() throws -> TemporaryStore {
        let store = try TemporaryStore()
        let personal = store.openPersonal()
        personal.setRead(true, site: "unix", questionID: 1) { _ in }
        personal.setBookmarked(true, question: StoreFixtures.questions(1, from: 2)[0], site: "unix") { _ in }
        #expect(personal.unsavedChanges(waitingAtMost: .seconds(10)).isEmpty)
        personal.finish()
        return store
    }

    @Test func theManagerTakesTheOpenBegunForItsFile() throws {
        let store = try filledStore()
        let gate = DispatchSemaphore(value: 0)
        let begun = DataFileOpening.begin(path: StorePaths.dataFilePath(environment: Self.environment(store)), beforeOpen: { gate.wait() })
        let opening = try #require(begun)
        #expect(opening.path == store.paths.dataFile.path)
        let personal = PersonalDataOpening(paths: store.paths, queues: store.queues, opening: opening)
        #expect(!personal.isBeingMadeFromNothing, "the file was there")
        // The manager waits for the open begun before (held), not for one of its own.
        #expect(CacheFirstOpenTests.answer(within: 0.3) { personal.isRead(site: "unix", questionID: 1) } == nil)
        gate.signal()
        #expect(CacheFirstOpenTests.answer(within: 10) { personal.isRead(site: "unix", questionID: 1) } == true)
        #expect(personal.isBookmarked(site: "unix", questionID: 2))
        #expect(personal.unavailableReason == nil)
        // The file taken over is written to.
        personal.setRead(true, site: "unix", questionID: 3) { _ in }
        #expect(personal.unsavedChanges(waitingAtMost: .seconds(10)).isEmpty)
        #expect(store.openPersonal().isRead(site: "unix", questionID: 3))
    }

    @Test func anOpenBegunForAnotherPlaceIsNotTaken() throws {
        let store = try filledStore()
        let elsewhere = try TemporaryStore()
        let other = elsewhere.openPersonal()
        other.finish()
        let gate = DispatchSemaphore(value: 0)
        let begun = DataFileOpening.begin(path: StorePaths.dataFilePath(environment: Self.environment(elsewhere)), beforeOpen: { gate.wait() })
        let opening = try #require(begun)
        let personal = PersonalDataOpening(paths: store.paths, queues: store.queues, opening: opening)
        // Its own file opens and is read while the other open is still held.
        #expect(CacheFirstOpenTests.answer(within: 10) { personal.isRead(site: "unix", questionID: 1) } == true)
        // The other open ends before its directory is removed.
        gate.signal()
        _ = opening.taken
    }

    /// No file, no open begun: a data file still to be made is made where its directory is made private.
    @Test func noOpenBeginsWhereThereIsNoFile() throws {
        let store = try TemporaryStore()
        #expect(DataFileOpening.begin(environment: Self.environment(store)) == nil)
        #expect(!FileManager.default.fileExists(atPath: store.paths.dataFile.path), "nothing made")
    }

    @Test func aDamagedFileFoundByTheOpenBegunBeforeIsLeftAsItIsAndSaid() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.paths.dataDirectory, withIntermediateDirectories: true)
        let spoilt = Data(repeating: 0x41, count: 8_192)
        try spoilt.write(to: store.paths.dataFile)
        let opening = try #require(DataFileOpening.begin(environment: Self.environment(store)))
        let personal = PersonalDataOpening(paths: store.paths, queues: store.queues, opening: opening)
        let reason = try #require(personal.unavailableReason)
        #expect(reason.contains("bookmarks off: \(store.paths.dataFile.path)"), "\(reason)")
        #expect(!personal.isRead(site: "unix", questionID: 1))
        #expect(try Data(contentsOf: store.paths.dataFile) == spoilt, "left as it is")
    }
}
