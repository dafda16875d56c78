@testable import Browser
import Foundation
import StackExchange
import Testing

/// `y` copies the question's link, `Y` the current post's code block nearest the top of the detail; the status bar confirms.
@MainActor
struct CopyTests {
    static let body = """
        <p>First</p><pre><code>let a = 1
        let b = 2
        </code></pre><p>Middle</p><p>more</p><pre><code>print(a)
        </code></pre>
        """ + String(repeating: "<p>after</p>", count: 20)

    @Test func yCopiesTheSelectedQuestionsLink() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.down, .character("y"))
        #expect(h.clipboard.copied == ["https://stackoverflow.com/q/1002"])
        #expect(h.controller.state.notice == "copied https://stackoverflow.com/q/1002", "the notice names what was copied")
        #expect(h.controller.resizeAndRender(width: 80, height: 10).text.contains("copied https://stackoverflow.com/q/1002"))
    }

    @Test func aFailedCopyIsAnError() {
        let h = Harness()
        h.clipboard.error = "wl-copy exited with status 1"
        h.startLoaded(Fixtures.questions(1))
        h.press(.character("y"))
        #expect(h.controller.state.lastError == "wl-copy exited with status 1")
        #expect(h.controller.state.notice == nil)
    }

    @Test func capitalYCopiesTheCodeBlockNearestTheTop() throws {
        let h = Harness()
        var question = Fixtures.questions(1)[0]
        question.body = Self.body
        h.startLoaded([question])
        h.press(.enter)
        h.details.requests[0].deliver(.success(Fixtures.detail(for: question)))
        _ = h.controller.resizeAndRender(width: 80, height: 8)
        h.press(.character("y"))
        #expect(h.clipboard.copied.last == question.link)
        h.press(.character("Y"))
        #expect(h.clipboard.copied.last == "let a = 1\nlet b = 2")
        #expect(h.controller.state.notice == "copied 2 lines from the question")
        var detail = try #require(h.controller.state.detail)
        let laidOut = h.controller.layouts.document(for: detail, width: 80, now: h.now)
        let document = try #require(laidOut)
        let second = try #require(document.codeBlocks.last)
        h.press(.home)
        for _ in 0..<second.lines.lowerBound { h.press(.down) }
        h.press(.character("Y"))
        #expect(h.clipboard.copied.last == "print(a)")
        #expect(h.controller.state.notice == "copied 1 line from the question")
    }

    @Test func codeBlocksRecordTheLinesTheyOccupy() {
        var question = Fixtures.questions(1)[0]
        question.body = Self.body
        let document = DetailLayout.layout(Fixtures.detail(for: question), width: 80, now: Fixtures.now)
        #expect(document.codeBlocks.map(\.text) == [["let a = 1", "let b = 2"], ["print(a)"]])
        for block in document.codeBlocks {
            let shown = block.lines.map { document.lines[$0].text.trimmingCharacters(in: .whitespaces) }
            // The first line also names the language (the question is tagged swift) at the right edge.
            #expect(shown.first == block.text.first.map { $0 + String(repeating: " ", count: 80 - 2 - $0.count - 5) + "swift" })
            #expect(Array(shown.dropFirst()) == Array(block.text.dropFirst()))
        }
    }

    @Test func theNearestBlockPrefersOneOnScreenThenTheCloser() {
        let blocks = [DetailDocument.CodeBlock(lines: 2..<4, text: ["a"]), DetailDocument.CodeBlock(lines: 10..<12, text: ["b"])]
        #expect(DetailScreen.codeBlock(nearest: 3, in: blocks)?.text == ["a"])
        #expect(DetailScreen.codeBlock(nearest: 5, in: blocks)?.text == ["a"])
        #expect(DetailScreen.codeBlock(nearest: 8, in: blocks)?.text == ["b"])
        #expect(DetailScreen.codeBlock(nearest: 0, in: []) == nil)
    }
}
