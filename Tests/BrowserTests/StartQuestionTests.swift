@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// A link on the command line (`stackterm URL`): the question is asked first, and the list beneath it only once the
/// question has loaded, failed or been left, so the list's page never competes with the question's first frame.
@MainActor
struct StartQuestionTests {
    /// `stackterm https://superuser.com/q/1001`.
    static var linkConfiguration: BrowserConfiguration {
        var configuration = BrowserConfiguration(site: "superuser")
        configuration.startQuestion = .init(site: "superuser", questionID: 1001, answerID: nil)
        return configuration
    }

    func harness() -> Harness { Harness(configuration: Self.linkConfiguration) }

    @Test func theListBeneathWaitsForTheQuestion() throws {
        let h = harness()
        h.controller.start()
        let detail = try #require(h.details.requests.first)
        #expect(detail.questionID == 1001 && detail.site == "superuser")
        #expect(h.questions.requests.isEmpty, "no list page before the question")
        detail.deliver(.success(Fixtures.detail(for: Fixtures.questions(1)[0])))
        // The frame with the question is drawn first: the list is due, and sent on the next turn (a wake, a tick).
        #expect(h.questions.requests.isEmpty, "not in the turn that shows the question")
        #expect(h.controller.state.list.loadDue != nil)
        h.controller.tick()
        #expect(h.questions.requests.count == 1, "the list beneath, once the question is in")
        #expect(h.questions.requests.first?.query.site == "superuser")
        // Asked once: more events send nothing more.
        h.press(.character("j"))
        #expect(h.questions.requests.count == 1)
    }

    @Test func aFailedQuestionOrEscapeLoadsTheListOnce() throws {
        let h = harness()
        h.controller.start()
        try #require(h.details.requests.first).deliver(.failure(.httpStatus(code: 500, bodySnippet: "x")))
        h.controller.tick()
        #expect(h.questions.requests.count == 1)
        try #require(h.questions.requests.first).deliver(.failure(.httpStatus(code: 500, bodySnippet: "x")))
        h.press(.escape)
        #expect(h.questions.requests.count == 1, "a failed list is not asked again by itself")

        let left = harness()
        left.controller.start()
        left.press(.escape)
        #expect(left.controller.state.detail == nil)
        #expect(left.questions.requests.count == 1, "leaving the question loads the list")
    }

    /// `q` on the question a link opened quits, as nothing beneath it was chosen; Esc and `h` go to the list beneath,
    /// and a question opened later from that list is left with `q` as any other.
    @Test func qOnTheLinkedQuestionQuitsAndEscapeGoesToTheList() throws {
        let quitting = harness()
        quitting.controller.start()
        try #require(quitting.details.requests.first).deliver(.success(Fixtures.detail(for: Fixtures.questions(1)[0])))
        quitting.press(.character("q"))
        #expect(quitting.controller.isQuitRequested)

        for back in [Key.escape, .character("h")] {
            let h = harness()
            h.controller.start()
            try #require(h.details.requests.first).deliver(.success(Fixtures.detail(for: Fixtures.questions(1)[0])))
            h.press(back)
            #expect(h.controller.state.detail == nil && !h.controller.isQuitRequested)
            h.controller.tick()
            try #require(h.questions.requests.first).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
            h.press(.enter)
            #expect(h.controller.state.detail != nil)
            h.press(.character("q"))
            #expect(h.controller.state.detail == nil, "a question opened from the list: q goes back")
            #expect(!h.controller.isQuitRequested)
        }
    }

    func storeHarness() -> StoreHarness { StoreHarness(configuration: Self.linkConfiguration) }

    /// At launch the store's read waits for the store's open; a link's question is asked of the network before it.
    @Test func theLinkedQuestionIsAskedBeforeTheStoreIsRead() throws {
        let h = storeHarness()
        h.controller.start()
        #expect(h.details.requestsBeforeEachRead.withLock { $0 } == [1], "one read, after the request")
        #expect(h.details.network.requests.map(\.questionID) == [1001])
        #expect(h.controller.state.detail?.isLoading == true)
        try #require(h.details.network.requests.first).deliver(.success(Fixtures.detail(for: Fixtures.questions(1)[0])))
        #expect(h.controller.state.detail?.machine.life == .live)
    }

    /// A stored copy shows while the question asked at once loads, fresh or not, and nothing more is sent for it.
    @Test(arguments: [60.0, 3_600.0])
    func aStoredCopyShowsWhileTheAskedQuestionLoads(age: TimeInterval) throws {
        let h = storeHarness()
        let stored = Question(questionID: 1001, title: "the stored title", creationDate: h.now - 86_400)
        h.details.cached.withLock { $0[1001] = Cached(value: Fixtures.detail(for: stored), fetchedAt: h.now - age) }
        h.controller.start()
        #expect(h.details.network.requests.count == 1, "the request sent before the read, and no second one")
        #expect(h.controller.state.detail?.machine.life == .cached(fetchedAt: h.now - age))
        #expect(h.controller.state.detail?.isRevalidating(in: h.controller.model.ledger) == true, "the ledger holds its request")
        #expect(h.controller.state.detail?.loaded?.question.title == "the stored title")
        let fresh = Question(questionID: 1001, title: "the network's title", creationDate: h.now - 86_400)
        try #require(h.details.network.requests.first).deliver(.success(Fixtures.detail(for: fresh)))
        #expect(h.controller.state.detail?.machine.life == .live)
        #expect(h.controller.state.detail?.isRevalidating(in: h.controller.model.ledger) == false)
        #expect(h.controller.state.detail?.loaded?.question.title == "the network's title")
        #expect(h.details.network.requests.count == 1)
    }

    /// At launch every read and write of the person's files waits on the main thread for its file to open (the read
    /// mark's write 1–3 ms, measured): a link's request is the first of the start's effects, before any of them.
    @Test func theLinkedQuestionsRequestIsTheFirstEffectOfTheStart() throws {
        var features = BrowserFeatures(comments: true, personal: true, listCache: true, detailCache: true)
        features.watching = true
        var model = BrowserModel(configuration: Self.linkConfiguration, features: features, now: Fixtures.now)
        let effects = model.handle(.start, at: Fixtures.now)
        guard case .send(_, let request, _) = try #require(effects.first) else {
            Issue.record("the first effect is \(effects.first.map(String.init(describing:)) ?? "none")")
            return
        }
        #expect(request.as(BrowserRequest.Detail.self)?.questionID == 1001)
        let reads = effects.filter { if case .read = $0 { true } else { false } }
        let writes = effects.filter { if case .write = $0 { true } else { false } }
        #expect(!reads.isEmpty && !writes.isEmpty, "the start reads and writes the store too: \(effects)")
    }
}
