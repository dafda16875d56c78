@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// An 80-column terminal: the status bar keeps the site and the list's label (the watch summary and the quota give
/// way first), and code wider than the screen ends in a mark, scrolls sideways with `>` and `<`, and copies whole.
@MainActor
struct NarrowTerminalTests {
    @Test func at80ColumnsTheStatusBarKeepsTheSiteAndTheListLabel() {
        let rust = WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: Fixtures.now)
        let go = WatchEntry(site: "stackoverflow", kind: .tag, subject: "golang", since: Fixtures.now)
        let harness = WatchHarness(tags: ["swift", "concurrency"], watches: [rust, go])
        harness.start()
        harness.controller.handle(.character("j"))
        let bar = harness.screen(width: 80, height: 24).last ?? ""
        #expect(bar.hasPrefix(" stackoverflow · swift+concurrency · activity │ 2/3"), "\(bar)")
        // Wide enough, everything shows.
        let wide = harness.screen(width: 140, height: 24).last ?? ""
        #expect(wide.contains("watching 2") && wide.contains("quota 280") && wide.contains("swift+concurrency"), "\(wide)")
    }

    static let wideCode = String(repeating: "abcdefghij", count: 12) + "END"
    static let question = Question(
        questionID: 5151, title: "A long line of code", tags: ["swift"],
        creationDate: Fixtures.now.addingTimeInterval(-600), owner: ShallowUser(displayName: "asker"),
        body: "<p>Look:</p><pre><code>short line\n\(wideCode)\n</code></pre>")

    func openWideCode() throws -> Harness {
        let h = Harness()
        h.startLoaded([Self.question], hasMore: false)
        h.press(.enter)
        try #require(h.details.requests.last).deliver(.success(Fixtures.detail(for: Self.question)))
        return h
    }

    @Test func wideCodeEndsInAMarkScrollsSidewaysAndCopiesWhole() throws {
        let h = try openWideCode()
        var screen = h.screen(width: 80, height: 24)
        let row = try #require(screen.firstIndex { $0.contains("abcdefghij") })
        #expect(screen[row].hasSuffix("›"), "\(screen[row])")
        #expect(!screen.contains { $0.contains("END") })
        #expect(screen[row - 1].contains("short line") && !screen[row - 1].hasSuffix("›"))
        // `>` scrolls the code sideways, as far as the widest line needs; the prose stays.
        h.press(.character(">"), .character(">"), .character(">"), .character(">"))
        screen = h.screen(width: 80, height: 24)
        #expect(screen[row].hasSuffix("END"), "\(screen[row])")
        #expect(screen[row].contains("‹"))
        #expect(screen.contains { $0.contains("Look:") })
        // Shift-Left and `<` come back.
        h.press(.modified(.left, .shift), .character("<"), .character("<"), .character("<"))
        #expect(h.controller.state.detail?.codeShift == 0)
        #expect(h.screen(width: 80, height: 24)[row].hasSuffix("›"))
        // `Y` copies the whole block.
        h.press(.character("Y"))
        #expect(h.clipboard.copied.last == "short line\n\(Self.wideCode)", "\(h.clipboard.copied)")
    }

    @Test func theCodeKeysAreInTheDetailHelp() {
        let rows = HelpOverlay.rows(keymap: Keymap(), screen: .detail)
        #expect(rows.contains { $0.keys.contains(">") && $0.help.contains("scroll code") })
        #expect(rows.contains { $0.keys.contains("<") && $0.help.contains("scroll code back") })
    }
}
