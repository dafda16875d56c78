@testable import Browser
import Foundation
import StackExchange
import Testing

/// The help (issue 26, point 2): it fits the width at 80×24 and smaller, scrolls when taller than the screen, and
/// lists the keys of the screen it was opened from, from the action table.
@MainActor
struct HelpTests {
    /// Every line the help shows at `width`×`height`, scrolling from the top to the bottom with `j`.
    func everyHelpLine(_ h: Harness, width: Int, height: Int) -> [String] {
        var seen: [String] = []
        h.press(.home)
        for _ in 0..<80 {
            let screen = h.screen(width: width, height: height)
            for row in screen.dropFirst().dropLast() where row.contains("│") {
                let inside = row.split(separator: "│", omittingEmptySubsequences: false)
                if inside.count >= 3 { seen.append(inside[1].trimmingCharacters(in: .whitespaces)) }
            }
            h.press(.character("j"))
        }
        return seen
    }

    @Test(arguments: [(80, 24), (60, 16), (40, 12)])
    func everyDescriptionIsShownWholeAtSmallSizes(size: (width: Int, height: Int)) {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("?"))
        let screen = h.screen(width: size.width, height: size.height)
        #expect(screen.allSatisfy { DisplayWidth.of($0) <= size.width })
        #expect(!screen.dropLast().contains { $0.contains("…") }, "nothing cut: \(screen)")
        let shown = everyHelpLine(h, width: size.width, height: size.height).joined(separator: " ")
        let words = shown.split(separator: " ").joined(separator: " ")
        for row in HelpContext.list.rows(keymap: Keymap()) {
            #expect(words.contains(row.help.split(separator: " ").joined(separator: " ")), "\(row.help) at \(size)")
        }
    }

    @Test func theFooterSaysWhereTheHelpIsAndHowToMove() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("?"))
        let footer = h.screen(width: 80, height: 24)[23]
        #expect(footer.contains(" 1–22/") && footer.contains("PgDn scroll") && footer.contains("? or Esc closes"), "\(footer)")
        h.press(.end)
        #expect(!h.screen(width: 80, height: 24)[23].contains(" 1–22/"))
        h.press(.escape)
        #expect(h.controller.state.stack.top == .list)
        #expect(h.list.selection == 0, "the keys moved the help, not the list")
    }

    @Test func theInboxsHelpListsOnlyTheInboxsKeys() {
        var configuration = BrowserConfiguration(site: "stackoverflow")
        configuration.signedInAs = "bob"
        var model = BrowserModel(configuration: configuration, features: SignedInModelTests.features, now: Fixtures.now)
        _ = model.handle(.resize(width: 100, height: 40), at: Fixtures.now)
        _ = model.handle(.start, at: Fixtures.now)
        _ = model.handle(.key(.character("i")), at: Fixtures.now)
        #expect(model.state.stack.top == .inbox)
        _ = model.handle(.key(.character("?")), at: Fixtures.now)
        let screen = BrowserRenderer.render(model, width: 100, height: 40)
        let text = (0..<40).map { screen.text(ofRow: $0) }.joined(separator: "\n")
        #expect(text.contains("keys: inbox"))
        #expect(text.contains("close the inbox"))
        for listOnly in ["next page", "cycle the sort", "filter by tag", "search"] {
            #expect(!text.contains(listOnly), "\(listOnly) does nothing in the inbox")
        }
    }

    @Test func theBookmarksHelpHasNoPagingSortOrFilter() {
        let rows = HelpContext.bookmarks.rows(keymap: Keymap()).map(\.help)
        #expect(rows.contains("back to the question list"))
        #expect(!rows.contains("next page") && !rows.contains("filter by tag") && !rows.contains("cycle the sort"))
    }

    @Test func f1OpensThePickersHelpAndTheKeysThenScrollIt() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("S"))
        #expect(h.controller.state.sitePicker != nil)
        h.press(.function(1))
        #expect(h.controller.state.stack.top == .help)
        let text = h.screen(width: 80, height: 24).joined(separator: "\n")
        #expect(text.contains("keys: site picker") && text.contains("switch to the site"))
        h.press(.character("x"))
        #expect(h.controller.state.sitePicker?.filter == "", "keys go to the help, not the filter")
        h.press(.escape)
        #expect(h.controller.state.stack.top == .sitePicker && h.controller.state.sitePicker != nil, "Esc closes the help only")
    }

    @Test func theCommentEditorsHelpNamesItsOwnKeys() {
        let rows = HelpContext.commentEditor.rows(keymap: Keymap())
        #expect(rows.contains { $0.keys == "Enter" && $0.help.contains("preview") })
        #expect(rows.contains { $0.keys.contains("Alt-Enter") })
        #expect(rows.contains { $0.keys == "F1" })
        #expect(!rows.contains { $0.help.contains("upvote") }, "the detail's keys type text in the editor")
    }
}
