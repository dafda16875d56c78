import Foundation
import GRDB
@testable import Store
import StorePorts
import Testing

/// Drafts written in the editor, kept in the data file per site and target until posted or discarded, across
/// launches; a draft the file refuses stays in memory for the run, and the refusal is said.
struct EditorDraftStoreTests {
    static let written = Date(timeIntervalSince1970: 1_795_435_200)

    @Test func draftsAreKeptPerSiteAndTargetAcrossLaunches() throws {
        let store = try TemporaryStore()
        let first = EditorDraftStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        let answer = EditorDraft(site: "unix", target: .answer(questionID: 42), text: "my answer", updatedAt: Self.written)
        let question = EditorDraft(site: "unix", target: .question, text: "Title: t\n\nbody", updatedAt: Self.written.addingTimeInterval(60))
        #expect(first.keep(answer) == nil)
        #expect(first.keep(question) == nil)
        #expect(first.keep(EditorDraft(site: "superuser", target: .answer(questionID: 42), text: "other site", updatedAt: Self.written.addingTimeInterval(-60))) == nil)

        let relaunched = EditorDraftStore(personal: PersonalDataOpening(paths: store.paths, queues: store.queues))
        #expect(relaunched.draft(site: "unix", target: .answer(questionID: 42)) == answer)
        #expect(relaunched.draft(site: "superuser", target: .answer(questionID: 42))?.text == "other site")
        #expect(relaunched.draft(site: "unix", target: .answer(questionID: 43)) == nil)
        #expect(relaunched.allDrafts().map(\.text) == ["Title: t\n\nbody", "my answer", "other site"])

        var edited = answer
        edited.text = "my answer, improved"
        #expect(relaunched.keep(edited) == nil)
        #expect(first.draft(site: "unix", target: .answer(questionID: 42))?.text == "my answer, improved", "one row a target")
        relaunched.discard(site: "unix", target: .answer(questionID: 42))
        #expect(first.draft(site: "unix", target: .answer(questionID: 42)) == nil)
    }

    @Test(arguments: StoreWriteFaultTests.Fault.allCases)
    func aDraftTheFileRefusesStaysInMemoryAndTheRefusalIsSaid(fault: StoreWriteFaultTests.Fault) throws {
        let store = try TemporaryStore()
        let personal = PersonalDataOpening(paths: store.paths, queues: store.queues)
        let drafts = EditorDraftStore(personal: personal)
        // Fill the file a little first, so a full disk has pages to refuse.
        #expect(drafts.keep(EditorDraft(site: "unix", target: .question, text: "q", updatedAt: Self.written)) == nil)
        try fault.apply(to: try #require(personal.manager.database).pool)
        let big = EditorDraft(site: "unix", target: .answer(questionID: 1), text: String(repeating: "words ", count: 20_000),
                              updatedAt: Self.written)
        let refusal = try #require(drafts.keep(big))
        #expect(refusal.hasPrefix("draft not saved (this run only)") && refusal.lowercased().contains(fault.words), "\(refusal)")
        #expect(drafts.draft(site: "unix", target: .answer(questionID: 1)) == big, "kept in memory")
        #expect(drafts.allDrafts().contains(big))
    }
}
