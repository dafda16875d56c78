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

/// PageDown through a long list, as the runner draws it: a frame, then the next screen's rows laid out while idle.
@MainActor
struct ListRowCachePagingTests {
    @Test func pageDownThroughTenThousandRowsLaysNoRowOutInsideAFrame() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(10_000))
        let (width, height) = (120, 40)
        _ = h.controller.resizeAndRender(width: width, height: height)
        h.controller.prepareNextScreen(width: width, height: height)
        var laidOutInFrames: [Int] = []
        for _ in 0..<200 {
            h.press(.pageDown)
            let before = h.controller.listRows.misses
            _ = h.controller.render(width: width, height: height)
            laidOutInFrames.append(h.controller.listRows.misses - before)
            h.controller.prepareNextScreen(width: width, height: height)
            #expect(h.controller.listRows.count <= h.controller.listRows.limit)
        }
        #expect(h.controller.state.list.selection > 5_000, "the PageDowns went deep into the list")
        // The first PageDown only moves the selection to the bottom row; every one lays its rows out ahead.
        #expect(laidOutInFrames.allSatisfy { $0 == 0 }, "rows laid out inside frames: \(laidOutInFrames.enumerated().filter { $0.element > 0 })")
    }

    /// Every frame frees as few rows as any other, wherever it is in the list: a frame that lays a screen out
    /// (End, Home) and fills the cache's recent generation only sets the older one aside; its rows are let go while
    /// the browser waits for the next key.
    @Test func noFrameFreesCachedRowsInTenThousand() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(10_000))
        let (width, height) = (120, 40)
        _ = h.controller.resizeAndRender(width: width, height: height)
        h.controller.prepareNextScreen(width: width, height: height)
        var freedInFrames: [Int] = [], laidOutInJumps = 0
        func frame(_ key: Key) {
            h.press(key)
            let (released, misses) = (h.controller.listRows.released, h.controller.listRows.misses)
            _ = h.controller.render(width: width, height: height)
            freedInFrames.append(h.controller.listRows.released - released)
            if key != .pageDown { laidOutInJumps += h.controller.listRows.misses - misses }
            h.controller.prepareNextScreen(width: width, height: height)
            #expect(h.controller.listRows.count <= h.controller.listRows.limit)
        }
        for index in 0..<200 {
            frame(.pageDown)
            // A jump to the end and back lays two screens out inside their frames, filling the cache faster.
            if index % 7 == 6 {
                frame(.end)
                frame(.home)
            }
        }
        #expect(laidOutInJumps > 0, "the jumps laid rows out in their frames, as the test means them to")
        #expect(h.controller.listRows.released > 0, "the cache let rows go, outside the frames")
        #expect(freedInFrames.allSatisfy { $0 == 0 }, "rows freed inside frames: \(freedInFrames.enumerated().filter { $0.element > 0 })")
    }

    @Test func theLastHalfOfTheLimitUsedIsAlwaysKept() {
        var cache = ListRowCache()
        cache.limit = 8
        let rows = Fixtures.questions(20).map { ListRow($0) }
        let columns = ListColumns(width: 100, severalSites: false)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func lay(_ index: Int) { _ = cache.cells(for: rows[index], columns: columns, width: 100, now: now, repertoire: .unicode) }
        for start in stride(from: 0, to: 17, by: 1) {
            // Rows start..<start+4 in use, as a screen and the one laid out ahead are: laid out once, then reused.
            for index in start..<start + 4 { lay(index) }
            let misses = cache.misses
            for index in start..<start + 4 { lay(index) }
            #expect(cache.misses == misses, "rows \(start)..<\(start + 4) were laid out again")
            #expect(cache.count <= cache.limit)
        }
        // The first rows went long ago: using one lays it out again.
        let misses = cache.misses
        lay(0)
        #expect(cache.misses == misses + 1)
    }
}
