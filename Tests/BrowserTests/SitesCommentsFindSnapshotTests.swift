@testable import Browser
import Foundation
import StackExchange
import Testing

/// Headless snapshots of the site picker, comments under posts, and find highlights.
@MainActor
struct SitesCommentsFindSnapshotTests {
    @Test func sitePickerFilteredAt80x12() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("S"))
        h.sites.requests.last!.deliver(.success(SitePickerTests.sites))
        assertSnapshot(h.controller.resizeAndRender(width: 80, height: 12).text, named: "sites-80x12")
        h.type("u")
        h.press(.down)
        let screen = h.controller.resizeAndRender(width: 80, height: 12)
        assertSnapshot(screen.text, named: "sites-filtered-80x12")
        #expect(screen.cursor == ScreenBuffer.Position(row: 11, column: 8), "the cursor sits after the filter")
    }

    @Test func commentsAndAFindAt80x30() {
        let h = Harness()
        h.startLoaded([CommentsTests.question])
        h.press(.enter)
        h.details.requests[0].deliver(.success(CommentsTests.detail))
        h.press(.character("c"))
        h.comments.requests[0].deliver(.success(Page(items: CommentsTests.comments, hasMore: false)))
        h.press(.character("/"))
        h.type("the")
        h.press(.enter)
        let screen = h.controller.resizeAndRender(width: 80, height: 30)
        assertSnapshot(screen.text, named: "comments-find-80x30")
        let highlighted = screen.cells.filter { $0.style == DetailView.matchStyle || $0.style == DetailView.currentMatchStyle }
        #expect(highlighted.count == 3 * (screen.text.lowercased().components(separatedBy: "the").count - 1),
                "every visible \"the\" is highlighted, and nothing else")
        #expect(screen.cells.filter { $0.style == DetailView.currentMatchStyle }.count == 3)
    }
}
