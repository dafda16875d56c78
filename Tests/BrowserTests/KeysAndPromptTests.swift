@testable import Browser
import StackExchange
import Testing

/// The keymap, the help it generates, the prompt and quitting.
@MainActor
struct KeysAndPromptTests {
    @Test func theKeymapMatchesTheIssueTable() {
        let expected: [Key: Action] = [
            .up: .moveUp, .character("k"): .moveUp, .down: .moveDown, .character("j"): .moveDown,
            .pageUp: .pageUp, .pageDown: .pageDown,
            .home: .first, .character("g"): .first, .end: .last, .character("G"): .last,
            .enter: .open, .right: .open, .character("l"): .open,
            .left: .back, .character("h"): .back, .backspace: .back,
            .escape: .escape, .character("n"): .nextPage, .character("r"): .reload, .character("s"): .cycleSort,
            .character("t"): .filterTag, .character("/"): .search, .character("o"): .openInBrowser,
            .character("?"): .toggleHelp, .character("q"): .quit, .character("S"): .sites,
        ]
        let keymap = Keymap()
        for (key, action) in expected { #expect(keymap.action(for: key, on: .list) == action, "\(key)") }
        #expect(keymap.action(for: .character("x"), on: .list) == nil)
        let boundKeys = ActionTable.entries.flatMap { $0.defaults[.list] ?? [] }
        let newKeys: Set<Key> = [
            .character("b"), .character("B"), .character("m"), .character("S"), .character("y"),
            // Issue 19: `i` (the inbox).
            .character("i"),
            // Issues 25 and 26: `M` (the messages screen).
            .character("M"),
            // Issue 29: `L` (search the store).
            .character("L"),
            // Issue 16: F1 for help, Ctrl-Up and Ctrl-Down page.
            .function(1), .modified(.up, .control), .modified(.down, .control),
            // Issue 30: watch what is showing, and the watched items.
            .character("w"), .character("W"),
            // Writing: ask a question, and the drafts.
            .character("A"), .character("D"),
        ]
        #expect(Set(boundKeys) == Set(expected.keys).union(newKeys))
        #expect(boundKeys.count == Set(boundKeys).count, "no key is bound twice")
        // The detail screen's own keys.
        #expect(keymap.action(for: .character("c"), on: .detail) == .comments)
        #expect(keymap.action(for: .character("N"), on: .detail) == .findPrevious)
        #expect(keymap.action(for: .character("c"), on: .list) == nil)
        // Signed in (issue 19): the detail's post keys.
        #expect(keymap.action(for: .character("+"), on: .detail) == .upvote)
        #expect(keymap.action(for: .character("-"), on: .detail) == .downvote)
        #expect(keymap.action(for: .character("f"), on: .detail) == .favorite)
        #expect(keymap.action(for: .character("J"), on: .detail) == .nextPost)
        #expect(keymap.action(for: .character("K"), on: .detail) == .previousPost)
        #expect(keymap.action(for: .character("C"), on: .detail) == .comment)
        #expect(keymap.action(for: .character("i"), on: .detail) == .inbox)
    }

    @Test func everyActionHasOneRowAndTheHelpListsEveryKey() {
        #expect(ActionTable.entries.map(\.action) == Action.allCases)
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("?"))
        #expect(h.controller.frameInfo.screen == "help")
        let screen = h.controller.resizeAndRender(width: 100, height: ActionTable.entries.count + 4).text
        for entry in ActionTable.entries {
            guard let keys = entry.defaults[.list], !keys.isEmpty else { continue }
            #expect(screen.contains(entry.help(on: .list)), "help shows \(entry.action)")
            #expect(screen.contains(keys.map(\.helpLabel).joined(separator: ", ")), "help shows the keys of \(entry.action)")
        }
        #expect(!screen.contains("next match"), "detail-only actions are not in the list's help")
        h.press(.down)
        #expect(h.list.selection == 0, "keys other than close do nothing under the help")
        h.press(.escape)
        #expect(h.controller.frameInfo.screen == "list")
    }

    @Test func qQuitsFromTheList() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(1))
        #expect(!h.controller.isQuitRequested)
        h.press(.character("q"))
        #expect(h.controller.isQuitRequested)
    }

    @Test func theTagPromptEditsAndApplies() throws {
        let h = Harness(configuration: BrowserConfiguration())
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("t"))
        #expect(h.controller.state.prompt?.kind == .tag)
        h.type("swi")
        h.press(.backspace, .backspace)
        h.type("wift")
        h.press(.character("\u{1B}"))
        #expect(h.controller.state.prompt?.text == "swift", "a control character never enters the prompt")
        let screen = h.controller.resizeAndRender(width: 60, height: 8)
        #expect(screen.text(ofRow: 7).hasPrefix(" tag: swift"))
        #expect(screen.cursor == ScreenBuffer.Position(row: 7, column: 11))
        #expect(h.questions.requests.count == 1, "nothing is sent while typing")
        h.press(.enter)
        #expect(h.controller.state.prompt == nil)
        let request = try #require(h.questions.requests.last)
        #expect(request.query.tags == ["swift"])
        #expect(request.page == 1)
        #expect(h.list.rows.isEmpty)
    }

    @Test func escClosesThePromptWithoutChangingTheQuery() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("/"))
        h.type("q")
        #expect(!h.controller.isQuitRequested, "q types into the prompt")
        h.press(.escape)
        #expect(h.controller.state.prompt == nil)
        #expect(h.list.query.searchText == nil)
        #expect(h.questions.requests.count == 1)
        #expect(h.list.rows.count == 3)
    }

    @Test func theSearchPromptSetsTheSearchText() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("/"))
        h.type("async let")
        h.press(.enter)
        #expect(try #require(h.questions.requests.last).query.searchText == "async let")
        h.press(.character("/"))
        h.press(.backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace)
        h.press(.enter)
        #expect(try #require(h.questions.requests.last).query.searchText == nil, "an empty search clears it")
    }

    @Test func duringASearchTheSortCyclesOnlyThroughTheSortsSearchKnows() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("/"))
        h.type("git")
        h.press(.enter)
        var sorts: [QuestionSort] = []
        for _ in 0..<4 {
            h.press(.character("s"))
            h.advance(BrowserModel.sortDebounce)
            sorts.append(try #require(h.questions.requests.last).query.sort)
        }
        #expect(sorts == [.creation, .votes, .relevance, .activity])
    }

    @Test func promptStateOutcomes() {
        var prompt = PromptState(kind: .search)
        var outcomes: [PromptState.Outcome] = []
        for key in [Key.character("a"), .backspace, .backspace, .character("b"), .tab, .enter, .escape] {
            outcomes.append(prompt.handle(key))
        }
        #expect(outcomes == [.editing, .editing, .editing, .editing, .editing, .applied("b"), .cancelled])
        #expect(prompt.text == "b", "backspace on empty text is harmless, tab types nothing")
    }
}
