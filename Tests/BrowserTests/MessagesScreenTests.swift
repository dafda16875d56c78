@testable import Browser
import Foundation
import StackExchange
import Testing

/// The messages screen (`M`, issue 25 finding 13): every notice and error of the run with its time, in full,
/// scrollable; and the status bar naming a path once, shortened in the middle so the reason still shows.
@MainActor
struct MessagesScreenTests {
    static let path = "/home/someone/with/a/rather/deep/home/directory/.local/share/stackterm"
    static let storeProblem = "bookmarks off: \(path) can be written by others (mode 777); chmod 700 it"

    @Test func mListsEveryMessageWithItsTimeInFullAndScrolls() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.clipboard.error = "wl-copy exited with status 1: " + String(repeating: "a long reason ", count: 12)
        h.press(.character("y"))
        h.clipboard.error = nil
        for _ in 0..<30 {
            h.press(.down, .character("y"))
            h.advance(1)
        }
        h.press(.character("M"))
        #expect(h.controller.state.stack.top == .messages)
        let bottom = h.screen(width: 80, height: 24)
        #expect(bottom[0].contains("messages: 31"))
        #expect(bottom.dropFirst().dropLast().allSatisfy { $0.contains("copied https:") }, "opens at the newest")
        h.press(.character("g"))
        let top = h.screen(width: 80, height: 24)
        let time = MessagesView.time(Fixtures.now, timeZone: .current)
        #expect(top[1].hasPrefix("\(time) error    wl-copy exited with status 1: a long reason"))
        // The whole error, wrapped under its text: nothing cut.
        let wrapped = top[1...4].map { $0.dropFirst(MessagesView.prefixWidth).trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        #expect(wrapped.contains(String(repeating: "a long reason ", count: 11) + "a long reason"))
        h.press(.character("j"))
        #expect(h.screen(width: 80, height: 24)[1] == top[2], "j scrolls by a line")
        h.press(.escape)
        #expect(h.controller.state.stack.top != .messages)
        #expect(h.list.selection == 2, "the keys went to the messages screen, not the list")
    }

    @Test func theMessagesScreenOpensFromTheDetailAndSaysWhenThereIsNothing() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(1))
        h.press(.character("M"))
        #expect(h.screen(width: 80, height: 24)[1].trimmingCharacters(in: .whitespaces) == "no messages yet")
        h.press(.character("M"))
        #expect(h.controller.state.stack.top != .messages, "M again closes it")
    }

    @Test func aStoreProblemNamesItsPathOnceShortenedInTheMiddleAndKeepsItsReason() {
        let h = StoreHarness()
        h.controller.start()
        h.requests.last?.deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        // The help seen once: the bar no longer offers it, and the message has that room.
        h.press(.character("?"), .escape)
        h.questions.notices.withLock { $0 = [Self.storeProblem] }
        h.press(.down)
        // At 100 columns the path is down to its shortest; at 120 it keeps more of its start.
        for width in [120, 100] {
            let bar = h.controller.resizeAndRender(width: width, height: 24).text(ofRow: 23)
            #expect(bar.contains("can be written by others (mode 777); chmod 700 it"), "\(width): \(bar)")
            #expect(bar.contains("bookmarks off: /home") && bar.contains("…") && bar.contains("/stackterm can"), "\(width): \(bar)")
            #expect(bar.components(separatedBy: "stackterm").count == 2, "the path once: \(bar)")
        }
        h.press(.character("M"))
        let screen = h.controller.resizeAndRender(width: 120, height: 24)
        #expect((0..<24).contains { screen.text(ofRow: $0).contains(Self.path) }, "the messages screen has it whole")
    }

    @Test func pathsGiveUpTheirMiddleFirstAndNeverBelowTheirShortest() {
        let text = "cannot use \(Self.path): permission denied"
        let fitted = TextFit.shortenPaths(text, toFit: 60)
        #expect(DisplayWidth.of(fitted) <= 60)
        #expect(fitted.hasPrefix("cannot use /home/") && fitted.hasSuffix("stackterm: permission denied"))
        #expect(TextFit.shortenPaths(text, toFit: 200) == text)
        let tight = TextFit.shortenPaths(text, toFit: 10)
        #expect(tight.contains("…") && tight.split(separator: " ")[2].count == TextFit.shortestPath + 1, "\(tight)")
    }
}
