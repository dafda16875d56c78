@testable import Browser
import Foundation
import StackExchange
import Testing

private typealias S = DetailTestSupport

/// Code blocks in the detail: the language chosen the sites' way, coloured through the layout memo, named at
/// the block's top-right, and unchanged for find and copy.
@MainActor
struct CodeHighlightTests {
    static let pythonBlock = """
        <pre class="lang-py prettyprint-override"><code>def greet(name):
            return "hi " + name  # say it
        </code></pre>
        """

    /// The first line holding `text`, and the cell style of each of its spans, by span text.
    static func styles(of token: String, in document: DetailDocument) -> [CellStyle] {
        document.lines.flatMap(\.spans).filter { $0.text == token }.map(\.style)
    }

    static func codeLines(_ document: DetailDocument) -> [StyledLine] {
        document.codeBlocks.flatMap { block in block.lines.map { document.lines[$0] } }
    }

    static func layout(_ html: String, tags: [String], width: Int = 60, highlightsCode: Bool = true) -> DetailDocument {
        DetailLayout.layout(
            QuestionDetail(question: S.question(body: html, tags: tags), answers: []), width: width, now: S.now,
            highlightsCode: highlightsCode
        )
    }

    @Test func anExplicitHintColoursKeywordsStringsAndComments() throws {
        let document = Self.layout(Self.pythonBlock, tags: ["javascript"])
        #expect(Self.styles(of: "def", in: document) == [CodeHighlights.keywordStyle])
        #expect(Self.styles(of: "return", in: document).first?.role == .codeKeyword)
        #expect(Self.styles(of: "\"hi \"", in: document).first?.role == .codeString)
        #expect(Self.styles(of: "# say it", in: document).first?.role == .codeComment)
        #expect(Self.styles(of: "greet", in: document).first?.role == .codeFunction)
        let keyword = try #require(Self.styles(of: "def", in: document).first)
        let string = try #require(Self.styles(of: "\"hi \"", in: document).first)
        #expect(keyword.foreground != string.foreground && keyword.foreground != BlockRenderer.codeStyle.foreground)
    }

    @Test func theLanguageShowsDimAtTheBlocksTopRight() throws {
        let document = Self.layout(Self.pythonBlock, tags: [], width: 60)
        let block = try #require(document.codeBlocks.first)
        let first = document.lines[block.lines.lowerBound]
        #expect(first.text.hasSuffix(" python"))
        #expect(first.displayWidth == 60)
        #expect(first.spans.last == StyledSpan("python", style: CodeHighlights.labelStyle))
        #expect(!document.lines[block.lines.lowerBound + 1].text.contains("python"))
        // The copy is the code alone.
        #expect(block.text == ["def greet(name):", "    return \"hi \" + name  # say it"])
    }

    @Test func langNoneStaysPlainEvenInAPythonQuestion() {
        let html = "<pre class=\"lang-none prettyprint-override\"><code>def x(): return 1\n</code></pre>"
        let document = Self.layout(html, tags: ["python"])
        let lines = Self.codeLines(document)
        #expect(lines.count == 1)
        #expect(lines.allSatisfy { $0.spans.allSatisfy { $0.style == BlockRenderer.codeStyle } })
        #expect(lines[0].text == "  def x(): return 1")
    }

    @Test func oneLanguageTagIsTheDefaultAndTwoGiveNone() {
        let html = "<pre><code>def f(): pass\n</code></pre>"
        let one = Self.layout(html, tags: ["python", "pandas"])
        #expect(Self.styles(of: "def", in: one).first?.role == .codeKeyword)
        #expect(Self.codeLines(one)[0].text.hasSuffix("python"))
        let two = Self.layout(html, tags: ["python", "javascript"])
        #expect(Self.codeLines(two).allSatisfy { $0.spans.allSatisfy { $0.style == BlockRenderer.codeStyle } })
        #expect(Self.codeLines(two)[0].text == "  def f(): pass")
    }

    @Test func aShebangChoosesWhenTheTagsDoNot() {
        let html = "<pre><code>#!/bin/bash\necho \"hi\"\n</code></pre>"
        let document = Self.layout(html, tags: ["linux"])
        #expect(Self.styles(of: "echo", in: document).first?.role == .codeFunction)
        #expect(Self.codeLines(document)[0].text.hasSuffix("shell"))
    }

    @Test func theRealCapturesLangNoneBlockIsPlain() throws {
        let question = try #require(try DocumentTests.decode(Question.self, "goso_questions_by_ids_withbody.v2.3.json").first)
        let answers = try DocumentTests.decode(Answer.self, "goso_question_answers_withbody.v2.3.json")
        let owner = try #require(answers.first { $0.body?.contains("lang-none") == true })
        let document = DetailLayout.layout(QuestionDetail(question: question, answers: [owner]), width: 100, now: S.now)
        // The answer's blocks: the lang-none one is drawn in the one code style, with no language named.
        let answerStart = try #require(document.answerLineIndices.first)
        let blocks = document.codeBlocks.filter { $0.lines.lowerBound > answerStart }
        #expect(!blocks.isEmpty)
        var links = LinkTable()
        let built = HTMLBlockBuilder.build(owner.body ?? "", links: &links).blocks
        let hints = built.compactMap { block -> Bool? in
            if case .code(_, let hint) = block.content { return hint == .none } else { return nil }
        }
        #expect(hints.count == blocks.count)
        for (block, isNone) in zip(blocks, hints) where isNone {
            let lines = block.lines.map { document.lines[$0] }
            #expect(lines.allSatisfy { $0.spans.allSatisfy { $0.style == BlockRenderer.codeStyle } }, "\(block.text)")
        }
        #expect(hints.contains(true), "the capture holds a lang-none block")
    }

    @Test func highlightOffDrawsEveryBlockInTheOneCodeStyle() {
        let document = Self.layout(Self.pythonBlock, tags: ["python"], highlightsCode: false)
        let lines = Self.codeLines(document)
        #expect(lines.allSatisfy { $0.spans.allSatisfy { $0.style == BlockRenderer.codeStyle } })
        #expect(!lines[0].text.contains("python"))
    }

    @Test func inlineCodeKeepsItsOneStyle() {
        let document = Self.layout("<p>Call <code>print(\"x\")</code> now.</p>", tags: ["python"])
        let spans = document.lines.flatMap(\.spans).filter { $0.text.contains("print") }
        #expect(spans.count == 1)
        #expect(spans.first?.style == HTMLBlockBuilder.codeStyle)
    }

    /// Opens a python question whose code block sits under a paragraph, in a model whose highlighting is `on`.
    func openPythonDetail(highlightsCode: Bool = true) -> Harness {
        var configuration = BrowserConfiguration(tags: ["python"])
        configuration.highlightsCode = highlightsCode
        let h = Harness(configuration: configuration)
        var question = Fixtures.questions(1)[0]
        question.tags = ["python"]
        question.body = "<p>Why?</p>" + Self.pythonBlock + String(repeating: "<p>after</p>", count: 5)
        h.startLoaded([question])
        h.press(.enter)
        h.details.requests[0].deliver(.success(QuestionDetail(question: question, answers: [])))
        return h
    }

    @Test func theMemoHighlightsEachBlockOnceAcrossResizes() throws {
        let h = openPythonDetail()
        _ = h.controller.resizeAndRender(width: 80, height: 20)
        let memo = h.controller.layouts
        #expect(memo.code.highlightCount == 1)
        for width in [40, 100, 33, 80] { _ = h.controller.resizeAndRender(width: width, height: 20) }
        #expect(memo.code.highlightCount == 1, "a resize lays the text out again but not the colours")
        // At a narrow width the label moves off a line too long for it, and every cell keeps its colour.
        let buffer = h.controller.resizeAndRender(width: 33, height: 20)
        let row = try #require((0..<19).first { buffer.text(ofRow: $0).contains("def greet") })
        let column = try #require(buffer.text(ofRow: row).range(of: "def")).lowerBound.utf16Offset(in: buffer.text(ofRow: row))
        #expect(buffer[row, column].style.role == .codeKeyword)
        #expect(buffer.text(ofRow: row).hasSuffix("python"))
    }

    @Test func theMemoSharesColoursOnlyWhenHighlightingIsOn() {
        let h = openPythonDetail(highlightsCode: false)
        _ = h.controller.resizeAndRender(width: 80, height: 20)
        #expect(h.controller.layouts.code.highlightCount == 0)
        let row = h.screen(width: 80, height: 20).first { $0.contains("def greet") } ?? ""
        #expect(row.trimmingCharacters(in: .whitespaces) == "def greet(name):", "no language named: \(row)")
    }

    @Test func aFindMatchWinsOverTheCodeColour() throws {
        let h = openPythonDetail()
        _ = h.screen()
        h.press(.character("/"))
        h.type("return")
        h.press(.enter)
        let buffer = h.controller.resizeAndRender(width: 80, height: 24)
        let row = try #require((0..<23).first { buffer.text(ofRow: $0).contains("return \"hi") })
        let text = buffer.text(ofRow: row)
        let column = try #require(text.range(of: "return")).lowerBound.utf16Offset(in: text)
        #expect(buffer[row, column].style == DetailView.currentMatchStyle)
        #expect(buffer[row, column + 5].style == DetailView.currentMatchStyle)
        let string = try #require(text.range(of: "\"hi")).lowerBound.utf16Offset(in: text)
        #expect(buffer[row, string].style.role == .codeString, "outside the match the code keeps its colour")
    }

    @Test func capitalYCopiesTheCodeWithoutLabelOrEscapes() throws {
        let h = openPythonDetail()
        _ = h.controller.resizeAndRender(width: 80, height: 8)
        h.press(.down, .down)
        h.press(.character("Y"))
        let copied = try #require(h.clipboard.copied.last)
        #expect(copied == "def greet(name):\n    return \"hi \" + name  # say it")
        #expect(!copied.contains("\u{1B}") && !copied.contains("python"))
    }
}
