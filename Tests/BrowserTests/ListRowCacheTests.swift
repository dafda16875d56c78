@testable import Browser
import Foundation
import StackExchange
import Testing

/// The list's row cache: frames reuse laid-out rows, and a row is laid out again whenever what it shows changes.
@MainActor
struct ListRowCacheTests {
    @Test func aSecondFrameReusesEveryRow() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(30))
        let first = h.controller.resizeAndRender(width: 100, height: 20)
        let laidOut = h.controller.listRows.misses
        #expect(laidOut == 18, "a row per line under the header")
        h.press(.down)
        let second = h.controller.resizeAndRender(width: 100, height: 20)
        #expect(h.controller.listRows.misses == laidOut, "no row laid out again for a selection move")
        #expect(h.controller.listRows.hits >= 18)
        #expect(first.text(ofRow: 1) == second.text(ofRow: 1))
        #expect(second[2, 0].style.attributes.contains(.reverse) && !second[1, 0].style.attributes.contains(.reverse))
    }

    @Test func aRowIsLaidOutAgainWhenItsQuestionTheWidthOrItsAgeChanges() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(5))
        _ = h.controller.resizeAndRender(width: 100, height: 20)
        // A reload brings the same question with a new score.
        var changed = Fixtures.questions(5)
        changed[0].score = 4_321
        // Past the reload window, so `r` asks again.
        h.now = h.now.addingTimeInterval(RequestLedger.reloadWindow)
        h.press(.character("r"))
        h.questions.requests.last!.deliver(.success(Fixtures.page(changed, hasMore: false)))
        #expect(h.controller.resizeAndRender(width: 100, height: 20).text(ofRow: 1).contains("4321"))
        // Another width lays the rows out for it.
        let narrow = h.controller.resizeAndRender(width: 60, height: 20)
        #expect(narrow.text(ofRow: 1).count == 60)
        // Time passes: the age column follows.
        let before = h.controller.resizeAndRender(width: 100, height: 20).text(ofRow: 1)
        h.now = h.now.addingTimeInterval(3 * 86_400)
        let after = h.controller.resizeAndRender(width: 100, height: 20).text(ofRow: 1)
        #expect(before != after)
        #expect(after.contains("3d"))
    }

    @Test func anASCIIFrameHoldsOnlyASCII() {
        let h = Harness()
        h.startLoaded(Fixtures.variedQuestions)
        h.controller.repertoire = .ascii
        let screen = h.controller.resizeAndRender(width: 100, height: 12)
        #expect(screen.cells.allSatisfy { $0.text.allSatisfy(\.isASCII) })
        #expect(screen.text(ofRow: 1).contains("*3"), "the accepted tick became *: \(screen.text(ofRow: 1))")
    }
}
