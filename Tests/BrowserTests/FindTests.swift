@testable import Browser
import Foundation
import StackExchange
import Testing

/// Find in page: the matching rules, and `/`, `n`, `N`, Esc in the detail view.
@MainActor
struct FindTests {
    @Test func matchingIsCaseInsensitiveUnlessTheQueryHasAnUppercaseLetter() {
        let lines = [StyledLine("Swift and swift and SWIFT"), StyledLine("nothing here"), StyledLine("swiftly")]
        #expect(FindState.matches(of: "swift", in: lines).count == 4)
        let smart = FindState.matches(of: "Swift", in: lines)
        #expect(smart == [FindState.Match(line: 0, columns: 0..<5)])
        #expect(FindState.matches(of: "", in: lines).isEmpty)
        #expect(FindState.matches(of: "xyz", in: lines).isEmpty)
        let accented = [StyledLine("ÉCOLE école Ünïcode ünïcode")]
        #expect(FindState.matches(of: "cole", in: accented).map(\.columns) == [1..<5, 7..<11])
        #expect(FindState.matches(of: "ünï", in: accented).map(\.columns) == [12..<15, 20..<23], "non-ASCII ignores case too")
        #expect(FindState.matches(of: "Ünï", in: accented).map(\.columns) == [12..<15])
        #expect(FindState.matches(of: "aa", in: [StyledLine("aaaa a")]).count == 2, "matches do not overlap")
    }

    @Test func columnsCountWideCharactersTwice() {
        let lines = [StyledLine([StyledSpan("日本 "), StyledSpan("abc", style: CellStyle(.bold)), StyledSpan(" abc")])]
        #expect(FindState.matches(of: "abc", in: lines) == [
            FindState.Match(line: 0, columns: 5..<8), FindState.Match(line: 0, columns: 9..<12),
        ])
        #expect(FindState.matches(of: "本", in: lines) == [FindState.Match(line: 0, columns: 2..<4)])
    }

    @Test func nextAndPreviousWrapAround() {
        var find = FindState()
        find.search("a", in: [StyledLine("a a"), StyledLine("a")], width: 80)
        #expect(find.statusText == "match 1/3")
        find.next(); find.next()
        #expect(find.statusText == "match 3/3")
        find.next()
        #expect(find.statusText == "match 1/3")
        find.previous()
        #expect(find.statusText == "match 3/3")
        find.search("zzz", in: [StyledLine("a")], width: 80)
        #expect(find.statusText == "no match")
        find.next()
        #expect(find.currentMatch == nil)
    }

    /// A detail long enough to scroll, with "needle" on lines far apart.
    func openLongDetail() -> Harness {
        let h = Harness()
        var question = Fixtures.questions(1)[0]
        let paragraphs = (1...60).map { $0 % 20 == 0 ? "<p>Here is the Needle number \($0).</p>" : "<p>Filler paragraph \($0).</p>" }
        question.body = paragraphs.joined()
        h.startLoaded([question])
        h.press(.enter)
        h.details.requests[0].deliver(.success(QuestionDetail(question: question, answers: [])))
        _ = h.screen()
        return h
    }

    @Test func slashInTheDetailFindsAsYouTypeAndJumpsToTheFirstMatch() throws {
        let h = openLongDetail()
        h.press(.character("/"))
        #expect(h.controller.state.prompt?.kind == .find)
        h.type("needle")
        #expect(h.controller.state.detail?.find?.matches.count == 3)
        #expect(h.statusBar().contains("match 1/3"))
        let scroll = try #require(h.controller.state.detail?.scroll)
        #expect(scroll > 0, "it jumped down to the first match")
        let buffer = h.controller.resizeAndRender(width: 80, height: 24)
        let row = try #require((0..<23).first { buffer.text(ofRow: $0).contains("Needle number 20") })
        let column = try #require(buffer.text(ofRow: row).range(of: "Needle")).lowerBound.utf16Offset(in: buffer.text(ofRow: row))
        #expect(buffer[row, column].style == DetailView.currentMatchStyle)
        #expect(buffer[row, column + 5].style == DetailView.currentMatchStyle)
        #expect(buffer[row, column + 6].style != DetailView.currentMatchStyle)
        #expect(h.questions.requests.count == 1, "no search request: find stays in the page")
    }

    @Test func enterKeepsTheMatchesThenNAndShiftNMoveAndEscClears() throws {
        let h = openLongDetail()
        h.press(.character("/"))
        h.type("needle")
        h.press(.enter)
        #expect(h.controller.state.prompt == nil)
        #expect(h.statusBar().contains("match 1/3"))
        let first = try #require(h.controller.state.detail?.scroll)
        h.press(.character("n"))
        #expect(h.statusBar().contains("match 2/3"))
        #expect(try #require(h.controller.state.detail?.scroll) > first)
        h.press(.character("n"), .character("n"))
        #expect(h.statusBar().contains("match 1/3"), "wraps to the first")
        h.press(.character("N"))
        #expect(h.statusBar().contains("match 3/3"))
        h.press(.escape)
        #expect(h.controller.state.detail != nil, "Esc clears the find before it leaves")
        #expect(h.controller.state.detail?.find == nil)
        #expect(!h.statusBar().contains("match"))
        h.press(.escape)
        #expect(h.controller.state.detail == nil)
    }

    @Test func escInThePromptClearsTheHighlights() {
        let h = openLongDetail()
        h.press(.character("/"))
        h.type("filler")
        #expect(h.controller.state.detail?.find?.matches.count == 57)
        h.press(.escape)
        #expect(h.controller.state.prompt == nil)
        #expect(h.controller.state.detail?.find == nil)
        #expect(h.controller.state.detail != nil)
    }

    @Test func slashAndNKeepTheirMeaningInTheList() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("/"))
        #expect(h.controller.state.prompt?.kind == .search)
        h.press(.escape)
        h.press(.character("n"))
        #expect(h.questions.requests.last?.page == 2)
    }

    @Test func aResizeFindsTheMatchesAgainInTheNewLayout() throws {
        let h = openLongDetail()
        h.press(.character("/"))
        h.type("needle")
        h.press(.enter)
        _ = h.screen(width: 40, height: 24)
        let find = try #require(h.controller.state.detail?.find)
        #expect(find.documentShape?.width == 40)
        #expect(find.matches.count == 3)
    }
}
