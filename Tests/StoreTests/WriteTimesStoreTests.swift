import Foundation
import GRDB
@testable import Store
import StorePorts
import Testing

/// The moments of the person's own writes, in the data file per site and kind across launches, and a draft's pending
/// write (`sentAt`) kept with it.
struct WriteTimesStoreTests {
    static let noon = Date(timeIntervalSince1970: 1_795_435_200)

    @Test func writeTimesAreKeptPerSiteAndKindAcrossLaunches() throws {
        let store = try TemporaryStore()
        let first = WriteTimesStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        #expect(first.recordWrite(site: "unix", kind: "answer", at: Self.noon) == nil)
        #expect(first.recordWrite(site: "unix", kind: "answer", at: Self.noon.addingTimeInterval(40)) == nil)
        #expect(first.recordWrite(site: "unix", kind: "question", at: Self.noon) == nil)
        #expect(first.recordWrite(site: "superuser", kind: "answer", at: Self.noon) == nil)
        let relaunched = WriteTimesStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        #expect(relaunched.writeTimes(site: "unix", kind: "answer", since: Self.noon.addingTimeInterval(-86_400))
            == [Self.noon, Self.noon.addingTimeInterval(40)])
        #expect(relaunched.writeTimes(site: "unix", kind: "answer", since: Self.noon.addingTimeInterval(1)) == [Self.noon.addingTimeInterval(40)])
        #expect(relaunched.writeTimes(site: "unix", kind: "question", since: .distantPast) == [Self.noon])
        // Old rows go as new ones come.
        #expect(relaunched.recordWrite(site: "unix", kind: "edit", at: Self.noon.addingTimeInterval(3 * 86_400)) == nil)
        #expect(relaunched.writeTimes(site: "unix", kind: "answer", since: .distantPast) == [])
    }

    @Test func aDraftsPendingWriteIsKeptWithIt() throws {
        let store = try TemporaryStore()
        let drafts = EditorDraftStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        var draft = EditorDraft(site: "unix", target: .answer(questionID: 42), text: "an answer", updatedAt: Self.noon)
        #expect(drafts.keep(draft) == nil)
        draft.sentAt = Self.noon.addingTimeInterval(5)
        #expect(drafts.keep(draft) == nil)
        let relaunched = EditorDraftStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        #expect(relaunched.draft(site: "unix", target: .answer(questionID: 42))?.sentAt == Self.noon.addingTimeInterval(5))
        #expect(relaunched.allDrafts().first?.sentAt == Self.noon.addingTimeInterval(5))
        draft.sentAt = nil
        #expect(relaunched.keep(draft) == nil)
        #expect(drafts.draft(site: "unix", target: .answer(questionID: 42))?.sentAt == nil)
    }
}
