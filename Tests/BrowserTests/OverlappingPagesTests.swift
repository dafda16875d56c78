@testable import Browser
import Foundation
import StackExchange
import Testing

/// Issue 9 §3: pages that overlap (sort=activity moves while a person pages) append only new questions.
@MainActor
struct OverlappingPagesTests {
    @Test func aPageThatRepeatsRowsAppendsOnlyTheNewOnes() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(5))
        h.press(.character("n"))
        // Page 2 repeats questions 4 and 5 of page 1, then brings 6..8.
        try #require(h.questions.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(5, from: 4), hasMore: true)))
        #expect(h.list.rows.map(\.questionID) == (1001...1008).map { $0 })
        let status = StatusBar.segments(
            h.controller.state, listPhase: h.list.phase(in: h.controller.model.ledger), now: h.now, withLocation: false).map(\.text).joined()
        #expect(status.contains("1/8+"), "the count is of distinct questions: \(status)")
    }

    @Test func aPageOfOnlyDuplicatesCostsOneExtraRequestAndNoError() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(5))
        h.press(.character("n"))
        try #require(h.questions.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(5), hasMore: true)))
        #expect(h.controller.state.lastError == nil)
        #expect(h.questions.requests.count == 3, "one follow-up request for page 3")
        #expect(h.questions.requests.last?.page == 3)
        try #require(h.questions.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(4, from: 2), hasMore: true)))
        #expect(h.questions.requests.count == 3, "a second page of duplicates does not loop")
        #expect(h.list.rows.count == 5)
        #expect(h.controller.state.lastError == nil)
        #expect(h.controller.state.notice == PagingMachine.duplicatePageNotice)
        #expect(h.list.nextPage(in: h.controller.model.ledger) == 4, "n still asks for the next page")
    }

    @Test func aFollowUpThatBringsNewRowsAppendsThem() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(5))
        h.press(.character("n"))
        try #require(h.questions.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(5), hasMore: true)))
        try #require(h.questions.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(5, from: 6), hasMore: false)))
        #expect(h.list.rows.map(\.questionID) == (1001...1010).map { $0 })
        #expect(h.controller.state.notice == "page 3: 5 more", "what the follow-up brought, not the repeats")
        #expect(h.questions.requests.count == 3)
    }

    @Test func aLastPageOfDuplicatesEndsTheList() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(5))
        h.press(.character("n"))
        try #require(h.questions.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(2), hasMore: false)))
        #expect(h.questions.requests.count == 2)
        #expect(!h.list.hasMore)
        #expect(h.list.rows.count == 5)
    }
}
