@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// Prompts that edit as readline does (issue 26, point 5 of the issue): the keys, the history, the cursor, and
/// back leaving a filter for the list it was applied over.
@MainActor
struct LineEditorTests {
    func edited(_ text: String, _ keys: Key...) -> LineEditor {
        var editor = LineEditor(text: text)
        for key in keys {
            if case .character(let character) = key { editor.insert([character]) } else { editor.handle(key) }
        }
        return editor
    }

    @Test func movingKeysPutTypingWhereTheCursorIs() {
        #expect(edited("ref", .left, .character("X")).text == "reXf")
        #expect(edited("ref", .left, .left, .right, .character("X")).text == "reXf")
        #expect(edited("ref", .home, .character("A")).text == "Aref")
        #expect(edited("ref", .control("a"), .control("f"), .character("A")).text == "rAef")
        #expect(edited("ref", .home, .end, .character("Z")).text == "refZ")
        #expect(edited("ref", .control("a"), .control("e"), .control("b"), .character("Z")).text == "reZf")
        #expect(edited("ref", .left, .left, .left, .left, .left).cursor == 0, "Left stops at the start")
    }

    @Test func deletingKeysDeleteAroundTheCursor() {
        #expect(edited("ref", .left, .backspace).text == "rf")
        #expect(edited("ref", .home, .delete).text == "ef")
        #expect(edited("ref", .end, .delete).text == "ref", "Delete at the end does nothing")
        #expect(edited("hello big world", .left, .left, .control("u")).text == "ld")
        #expect(edited("hello big world", .home, .control("f"), .control("k")).text == "h")
        #expect(edited("hello big world", .control("w")).text == "hello big ")
        #expect(edited("hello big world  ", .control("w")).text == "hello big ", "spaces before the word go too")
        #expect(edited("hello big world", .modified(.backspace, .alt)).text == "hello big ")
        let middle = edited("hello big world", .left, .left, .left, .left, .left, .control("w"))
        #expect(middle.text == "hello world" && middle.cursor == 6)
    }

    @Test func upAndDownStepThroughTheHistoryAndBackToWhatWasTyped() {
        var editor = LineEditor(text: "", history: ["swift", "rust"])
        editor.insert(Array("go"))
        editor.handle(.up)
        #expect(editor.text == "rust")
        editor.handle(.up)
        #expect(editor.text == "swift")
        editor.handle(.up)
        #expect(editor.text == "swift", "the oldest stays")
        editor.handle(.down)
        editor.handle(.down)
        #expect(editor.text == "go", "past the newest: what was typed")
        #expect(editor.cursor == 2)
    }

    @Test func theHistoryKeepsAHundredEntriesNewestLastWithoutRepeats() {
        var history = PromptHistory()
        for index in 0..<130 { history.record("tag\(index)", for: .tag) }
        history.record("tag120", for: .tag)
        #expect(history.entries(for: .tag).count == PromptHistory.capacity)
        #expect(history.entries(for: .tag).last == "tag120")
        #expect(history.entries(for: .tag).filter { $0 == "tag120" }.count == 1)
        #expect(history.entries(for: .search).isEmpty, "one history per prompt")
        let recordedEmpty = history.record("", for: .search)
        #expect(!recordedEmpty)
    }

    @Test func theCursorIsDrawnWhereTypingGoes() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("/"))
        h.type("reference")
        h.press(.left, .left, .left)
        let buffer = h.controller.resizeAndRender(width: 80, height: 10)
        #expect(buffer.text(ofRow: 9).hasPrefix(" search: reference"))
        #expect(buffer.cursor == ScreenBuffer.Position(row: 9, column: " search: refere".count))
        h.type("X")
        #expect(h.controller.state.prompt?.text == "refereXnce")
    }

    @Test func aLongTextScrollsToKeepTheCursorOnTheBar() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("/"))
        h.type(String(repeating: "abcdefghij", count: 10))
        h.press(.home)
        let buffer = h.controller.resizeAndRender(width: 40, height: 10)
        #expect(buffer.text(ofRow: 9).hasPrefix(" search: abcdefghij"))
        #expect(buffer.cursor?.column == " search: ".count)
    }

    @Test func anAppliedPromptIsRememberedAndOfferedByUp() {
        var model = BrowserModel(configuration: BrowserConfiguration(tags: ["swift"]), now: Fixtures.now)
        _ = model.handle(.start, at: Fixtures.now)
        _ = model.handle(.stored(.remembered(Remembered(promptHistory: ["search": ["older"]]))), at: Fixtures.now)
        _ = model.handle(.key(.character("/")), at: Fixtures.now)
        for character in "regex" { _ = model.handle(.key(.character(character)), at: Fixtures.now) }
        let effects = model.handle(.key(.enter), at: Fixtures.now)
        let kept = effects.compactMap { effect -> Remembered? in
            if case .write(.remembered(let remembered)) = effect { return remembered }
            return nil
        }
        #expect(kept == [Remembered(promptHistory: ["search": ["older", "regex"]])])
        _ = model.handle(.key(.character("/")), at: Fixtures.now)
        _ = model.handle(.key(.control("u")), at: Fixtures.now)
        _ = model.handle(.key(.up), at: Fixtures.now)
        #expect(model.state.prompt?.text == "regex")
        _ = model.handle(.key(.up), at: Fixtures.now)
        #expect(model.state.prompt?.text == "older")
    }

    @Test(arguments: [Key.left, .character("h"), .backspace, .escape])
    func backLeavesATagFilterForTheListItCameFromKeepingItsPosition(back: Key) {
        let h = Harness()
        h.startLoaded(Fixtures.questions(20))
        h.press(.down, .down, .down)
        h.press(.character("t"))
        h.press(.control("u"))
        h.type("bash")
        h.press(.enter)
        #expect(h.list.query.tags == ["bash"])
        h.questions.requests.last?.deliver(.success(Fixtures.page(Fixtures.questions(5, from: 100), hasMore: false)))
        #expect(h.list.rows.count == 5)
        let requests = h.questions.requests.count
        h.press(back)
        #expect(h.list.query.tags == ["swift"])
        #expect(h.list.rows.count == 20 && h.list.selection == 3, "the list as it was, at its row")
        #expect(h.questions.requests.count == requests, "nothing loaded again")
        h.press(back)
        #expect(h.list.query.tags == ["swift"], "back with no filter left stays")
    }

    @Test func backDuringTheFiltersLoadCancelsItAndReturns() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(20))
        h.press(.character("/"))
        h.type("regex")
        h.press(.enter)
        let filtered = h.questions.requests.last
        #expect(h.list.query.searchText == "regex")
        h.press(.left)
        #expect(h.list.query.searchText == nil)
        #expect(filtered?.handle.isCancelled == true)
        #expect(h.list.rows.count == 20)
    }
}
