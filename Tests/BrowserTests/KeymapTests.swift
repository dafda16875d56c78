@testable import Browser
import Foundation
import StackExchange
import Testing

/// The action table, the keymap it builds with a config file's bindings, and what the help shows.
@MainActor
struct KeymapTests {
    @Test func everyActionHasOneRowAUniqueNameAndNoDefaultConflicts() throws {
        #expect(ActionTable.entries.map(\.action) == Action.allCases)
        #expect(Set(ActionTable.names).count == ActionTable.names.count)
        #expect(ActionTable.names == [
            "move_up", "move_down", "page_up", "page_down", "first", "last", "open", "back", "cancel", "next_page",
            "reload", "sort", "tag", "search", "open_in_browser", "toggle_read", "bookmark", "bookmarks", "help",
            "sites", "comments", "find", "find_next", "find_previous", "quit", "copy_link", "copy_code",
            "next_post", "previous_post", "upvote", "downvote", "favorite", "comment", "inbox", "messages", "follow_link",
            "search_store", "watch", "watches", "code_right", "code_left", "answer", "ask", "edit", "drafts", "post",
            "keep_draft", "discard", "toggle_images",
        ])
        for screen in KeymapScreen.allCases {
            let keys = ActionTable.entries.flatMap { $0.defaults[screen] ?? [] }
            #expect(keys.count == Set(keys).count, "no default key is bound twice on the \(screen) screen")
        }
        _ = try Keymap(bindings: [:])
    }

    /// The keymap and the action table keep each screen's keys in arrays at `position`: it must be the screen's place in
    /// `allCases`, and each screen's keys must come back on that screen alone.
    @Test func eachScreenKeepsItsKeysAtItsOwnPosition() {
        #expect(KeymapScreen.allCases.map(\.position) == Array(KeymapScreen.allCases.indices))
        let help = ActionTable.descriptor(for: .toggleHelp)
        #expect(help.defaults[.list] == [.character("?"), .function(1)])
        #expect(help.defaults[.sitePicker] == [.function(1)])
        #expect(help.defaults[.prompt] == nil)
        #expect(ActionTable.descriptor(for: .comments).defaults[.detail] == [.character("c")])
        #expect(ActionTable.descriptor(for: .comments).screens == [.detail])
        #expect(Set(KeymapScreen.allCases.map(\.hashValue)).count == KeymapScreen.allCases.count)
    }

    @Test func theSameKeyDoesDifferentThingsPerScreen() {
        let keymap = Keymap()
        #expect(keymap.action(for: .character("n"), on: .list) == .nextPage)
        #expect(keymap.action(for: .character("n"), on: .detail) == .findNext)
        #expect(keymap.action(for: .character("/"), on: .list) == .search)
        #expect(keymap.action(for: .character("/"), on: .detail) == .find)
        #expect(keymap.action(for: .character("Y"), on: .list) == nil)
        #expect(keymap.action(for: .enter, on: .prompt) == .open)
        #expect(keymap.action(for: .character("q"), on: .prompt) == nil, "letters are typed into the prompt")
    }

    @Test func aBindingReplacesTheDefaultsAndMayHaveSeveralKeys() throws {
        let keymap = try Keymap(bindings: [.nextPage: [.character("x"), .control("f")]])
        #expect(keymap.action(for: .character("x"), on: .list) == .nextPage)
        #expect(keymap.action(for: .control("f"), on: .list) == .nextPage)
        #expect(keymap.action(for: .character("n"), on: .list) == nil, "n no longer loads a page")
        #expect(keymap.keys(for: .nextPage, on: .list) == [.character("x"), .control("f")])
    }

    @Test func aBoundKeyTakesItFromAnotherActionsDefaults() throws {
        let keymap = try Keymap(bindings: [.quit: [.character("n")]])
        #expect(keymap.action(for: .character("n"), on: .list) == .quit)
        #expect(keymap.keys(for: .nextPage, on: .list) == [])
        #expect(keymap.action(for: .character("n"), on: .detail) == .quit, "bindings apply to list and detail")
    }

    @Test func twoBindingsOnOneKeyConflict() {
        #expect(throws: KeymapConflict(key: .character("x"), screen: .list, first: .nextPage, second: .quit)) {
            try Keymap(bindings: [.quit: [.character("x")], .nextPage: [.character("x")]])
        }
        // The same key for actions of different screens is no conflict.
        #expect(throws: Never.self) { try Keymap(bindings: [.nextPage: [.character("x")], .findNext: [.character("x")]]) }
    }

    @Test func screenBindingsChangeOneScreenOnly() throws {
        let keymap = try Keymap(bindings: [:], screenBindings: [.detail: [.quit: [.character("x")]], .prompt: [.escape: [.control("g")]]])
        #expect(keymap.action(for: .character("x"), on: .detail) == .quit)
        #expect(keymap.action(for: .character("q"), on: .detail) == nil)
        #expect(keymap.action(for: .character("q"), on: .list) == .quit)
        #expect(keymap.action(for: .control("g"), on: .prompt) == .escape)
        #expect(keymap.action(for: .escape, on: .prompt) == nil)
        #expect(keymap.action(for: .escape, on: .list) == .escape)
    }

    @Test func theControllerFollowsAReboundKeyAndTheHelpShowsIt() throws {
        var configuration = BrowserConfiguration(tags: ["swift"])
        configuration.keymap = try Keymap(bindings: [.nextPage: [.character("x")]])
        let h = Harness(configuration: configuration)
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("n"))
        #expect(h.questions.requests.count == 1, "n does nothing once next_page is rebound")
        h.press(.character("x"))
        #expect(h.questions.requests.count == 2)
        #expect(h.questions.requests.last?.page == 2)
        let lines = HelpOverlay.lines(keymap: configuration.keymap, screen: .list)
        #expect(lines.contains { $0.hasPrefix("x ") && $0.hasSuffix("next page") })
        #expect(!lines.contains { $0.hasPrefix("n ") })
    }

    @Test func aReboundPromptKeyClosesThePromptAndTheOldOneIsIgnored() throws {
        var configuration = BrowserConfiguration()
        configuration.keymap = try Keymap(bindings: [:], screenBindings: [.prompt: [.escape: [.control("g")]]])
        let h = Harness(configuration: configuration)
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("t"))
        h.type("go")
        h.press(.escape)
        #expect(h.controller.state.prompt?.text == "go", "Esc no longer closes the prompt")
        h.press(.control("g"))
        #expect(h.controller.state.prompt == nil)
    }

    @Test func keyNamesReadBackWhatTheyWrite() {
        let keys: [Key] = [
            .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .tab, .delete,
            .character(" "), .character("g"), .character("G"), .character("/"), .control("f"), .alt("x"),
            .function(1), .function(12),
        ]
        for key in keys { #expect(Key(configName: key.configName) == key, "\(key.configName)") }
        #expect(Key(configName: "CTRL-F") == .control("f"))
        #expect(Key(configName: "PgDn") == .pageDown)
        #expect(Key(configName: "escape") == .escape)
        for bad in ["", "f13", "f0", "ctrl-", "ctrl-ff", "alt-", "hyper-x", "pgdown2", "\u{7}"] {
            #expect(Key(configName: bad) == nil, "\(bad)")
        }
    }

    @Test func theReadmeKeyTableIsTheGeneratedOne() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- keys:begin -->\n"))
        let end = try #require(text.range(of: "\n<!-- keys:end -->"))
        // As the snapshots are recorded: the table written in place, for a change to the actions.
        if ProcessInfo.processInfo.environment["STACKTERM_RECORD_SNAPSHOTS"] == "1" {
            try text.replacingCharacters(in: begin.upperBound..<end.lowerBound, with: ActionTable.markdownTable())
                .write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[begin.upperBound..<end.lowerBound]) == ActionTable.markdownTable(),
                "regenerate the README's key table from ActionTable.markdownTable()")
    }
}
