@testable import Browser
import Foundation
import StackExchange
import Testing

/// Headless snapshots of whole screens at fixed sizes, compared with Snapshots/*.txt.
@MainActor
struct SnapshotTests {
    /// A harness whose first page holds the varied questions and then some plain ones.
    func loadedHarness(hasMore: Bool = true) -> Harness {
        let h = Harness()
        h.startLoaded(Fixtures.variedQuestions + Fixtures.questions(20, from: 6), hasMore: hasMore)
        return h
    }

    @Test func listAt100x20() {
        let h = loadedHarness()
        h.press(.down)
        let screen = h.controller.resizeAndRender(width: 100, height: 20)
        assertSnapshot(screen.text, named: "list-100x20")
        for column in 0..<100 {
            #expect(screen[2, column].style.attributes.contains(.reverse), "selected row column \(column) is reversed")
            #expect(!screen[0, column].style.attributes.contains(.reverse), "other rows are not")
        }
        #expect(h.controller.frameInfo == FrameInfo(screen: "list", rows: 25, selected: 1))
    }

    @Test func listAt40Columns() {
        let h = loadedHarness(hasMore: false)
        assertSnapshot(h.controller.resizeAndRender(width: 40, height: 10).text, named: "list-40x10")
    }

    @Test func wideTitlesAlignByDisplayWidth() {
        let h = loadedHarness()
        let screen = h.controller.resizeAndRender(width: 80, height: 8)
        assertSnapshot(screen.text, named: "list-cjk-emoji-80x8")
        // Row 0 is the column header, laid out in the same columns.
        #expect(screen.text(ofRow: 0).hasPrefix(" score  ans views title"), "the read mark's column first, unlabelled")
        let rows = (1...5).map { screen.text(ofRow: $0) }
        for row in rows { #expect(DisplayWidth.of(row) == 80, "\(row)") }
        // The age sits in the same screen columns (63..<67 at 80 wide) in every row, whatever the title's characters.
        let expectedAges = ["5m", "3h", "2d", "1mo", "1y"]
        for (row, age) in expectedAges.enumerated() {
            let cells = (63..<67).map { screen[row + 1, $0].text }.joined()
            #expect(cells.trimmingCharacters(in: .whitespaces) == age, "row \(row): \(rows[row])")
            #expect(screen[row + 1, 62].text == " " && screen[row + 1, 67].text == " ")
        }
    }

    @Test func loadingStatusShowsTheSpinner() {
        let h = loadedHarness()
        h.press(.character("n"))
        h.now = h.now.addingTimeInterval(2.15)
        assertSnapshot(h.controller.resizeAndRender(width: 100, height: 6).text, named: "status-loading")
        let status = h.controller.resizeAndRender(width: 100, height: 6).text(ofRow: 5)
        #expect(status.contains("⠙ 2s page 2 · Esc cancel"))
        #expect(status.contains("1/25+"))
    }

    @Test func cancelledStatus() {
        let h = loadedHarness()
        h.press(.character("n"), .escape)
        assertSnapshot(h.controller.resizeAndRender(width: 100, height: 6).text, named: "status-cancelled")
    }

    @Test func errorStatus() {
        let h = loadedHarness()
        h.press(.character("n"))
        h.questions.requests.last!.deliver(.failure(.stackExchange(
            id: 502, name: "throttle_violation", message: "too many requests from this IP, more requests available in 80 seconds")))
        let screen = h.controller.resizeAndRender(width: 80, height: 6)
        assertSnapshot(screen.text, named: "status-error")
        #expect(screen.text(ofRow: 5).hasSuffix("… ? help  quota 280 "), "the help offered until it is opened once")
        #expect(screen.cells.contains { $0.style.foreground == .red })
    }

    @Test func helpOverlay() {
        let h = loadedHarness()
        h.press(.character("?"))
        assertSnapshot(h.controller.resizeAndRender(width: 100, height: 30).text, named: "help-list-100x30")
    }

    @Test func helpAt80x24FitsItsWidthAndScrolls() {
        let h = loadedHarness()
        h.press(.character("?"))
        assertSnapshot(h.controller.resizeAndRender(width: 80, height: 24).text, named: "help-list-80x24")
        h.press(.pageDown)
        assertSnapshot(h.controller.resizeAndRender(width: 80, height: 24).text, named: "help-list-80x24-scrolled")
    }

    @Test func detailHelpOverlayListsTheDetailKeys() {
        let h = loadedHarness()
        h.press(.enter)
        h.details.requests[0].deliver(.success(Fixtures.detail(for: h.list.rows[0].question, quota: 211)))
        h.press(.character("?"))
        assertSnapshot(h.controller.resizeAndRender(width: 100, height: 30).text, named: "help-detail-100x30")
    }

    @Test func detailFromAConstructedDocument() throws {
        let h = loadedHarness()
        h.press(.enter)
        h.details.requests[0].deliver(.success(Fixtures.detail(for: h.list.rows[0].question, quota: 211)))
        let document = DetailDocument(lines: [
            StyledLine("How do I reverse a String in Swift?", style: CellStyle(.bold)),
            StyledLine("42 votes · 3 answers · asked 5m ago by Alice & Bob", style: CellStyle(.dim)),
            .empty,
            StyledLine("I have a String and want it backwards, see [1]."),
            StyledLine([StyledSpan("    let s = \"héllo 世界\"; print(String(s.reversed()))  // this code line is cut at the edge",
                                   style: CellStyle(foreground: .yellow))]),
            .empty,
            StyledLine("✓ 12 votes · accepted", style: CellStyle(.bold, foreground: .green)),
            StyledLine("Use reversed()."),
            .empty,
            StyledLine("[1] https://developer.apple.com/documentation/swift/string"),
        ], answerLineIndices: [6], links: ["https://developer.apple.com/documentation/swift/string"])
        let loaded = Fixtures.detail(for: h.list.rows[0].question)
        h.details.requests[0].deliver(.success(loaded))
        h.controller.layouts.preset(document, for: h.controller.state.detail!, width: 60, now: h.now)
        assertSnapshot(h.controller.resizeAndRender(width: 60, height: 8).text, named: "detail-60x8")
        h.press(.down, .down)
        assertSnapshot(h.controller.resizeAndRender(width: 60, height: 8).text, named: "detail-60x8-scrolled")
        #expect(h.controller.frameInfo.screen == "detail")
    }

    @Test func detailWhileLoading() {
        let h = loadedHarness()
        h.press(.down, .enter)
        h.now = h.now.addingTimeInterval(1.0)
        assertSnapshot(h.controller.resizeAndRender(width: 60, height: 6).text, named: "detail-loading")
    }

    @Test func tooSmall() {
        let h = loadedHarness()
        assertSnapshot(h.controller.resizeAndRender(width: 24, height: 5).text, named: "too-small-24x5")
    }
}
