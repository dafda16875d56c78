import Foundation
import StackExchange
import Testing
@testable import Browser

/// The first frame of a launch whose first page is in the store: it lays out the rows on screen and no more, and they
/// carry the person's read and bookmark marks from that frame on (never a frame without them).
@MainActor
struct FirstFrameFromStoreTests {
    @Test func theFirstFrameLaysOutOnlyTheRowsOnScreenWithTheirMarks() {
        let personal = StubPersonal()
        let questions = Fixtures.questions(100)
        personal.setRead(true, site: "unix", questionID: questions[1].questionID) { _ in }
        personal.setBookmarked(true, question: questions[2], site: "unix") { _ in }
        personal.confirmWrites()
        let harness = StoreHarness(personal: personal)
        harness.cache(page: 1, questions, age: 60)
        harness.controller.start()
        #expect(harness.controller.listRowsLaidOut == 0, "nothing laid out before the first frame")

        let frame = harness.controller.resizeAndRender(width: 120, height: 40)
        #expect(harness.list.rows.count == 100)
        // The rows under the header, above the status bar: each laid out once, none of those below.
        let rowsOnScreen = ListView.listHeight(bodyHeight: 39)
        #expect(harness.controller.listRowsLaidOut == rowsOnScreen)
        let lines = (0..<40).map { frame.text(ofRow: $0) }
        let read = lines.first { $0.contains("Question number 2 ") }
        let bookmarked = lines.first { $0.contains("Question number 3 ") }
        let plain = lines.first { $0.contains("Question number 4 ") }
        #expect(read?.hasPrefix(RowMarks.readMark) == true, "\(read ?? "no row")")
        #expect(bookmarked?.contains(RowMarks.bookmarkMark + "Question number 3") == true, "\(bookmarked ?? "no row")")
        #expect(plain?.hasPrefix(RowMarks.readMark) == false)
        #expect(plain?.contains(RowMarks.bookmarkMark) == false)
    }
}
