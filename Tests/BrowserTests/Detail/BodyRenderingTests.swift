import Testing
import StackExchange
@testable import Browser

/// How post bodies turn into lines: wrapping, code, lists, quotes, rules, images and entities.
struct BodyRenderingTests {
    typealias S = DetailTestSupport

    @Test(arguments: [12, 20, 33, 60])
    func paragraphsWrapAtWordsWithinTheWidth(_ width: Int) throws {
        let html = "<p>The quick brown fox jumps over the lazy dog and keeps running <strong>far away</strong> from "
            + "the <em>farmer</em> who chases it with a supercalifragilisticexpialidocious net.</p><h2>A heading here</h2>"
        let lines = S.bodyLines(html, width: width)
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
        #expect(lines.count > 1)
        // Words are kept whole (only the one longer than the width is broken), and nothing is lost.
        let joined = lines.filter { !$0.isEmpty }.joined(separator: " ")
        if width > "supercalifragilisticexpialidocious".count {
            #expect(joined.contains("supercalifragilisticexpialidocious"))
            #expect(joined.contains("The quick brown fox jumps over the lazy dog"))
        }
        let expected = "The quick brown fox jumps over the lazy dog and keeps running far away from the farmer who chases "
            + "it with a supercalifragilisticexpialidocious net.A heading here"
        #expect(joined.replacingOccurrences(of: " ", with: "") == expected.replacingOccurrences(of: " ", with: ""))
    }

    @Test func boldUnderlineHeadingAndInlineCodeAreStyled() throws {
        var links = LinkTable()
        let lines = DetailLayout.post("<h1>Title</h1><p>a <b>bold</b> <i>it</i> <code>x()</code></p>", width: 40, links: &links)
        let spans = lines.flatMap(\.spans)
        #expect(spans.first { $0.text == "Title" }?.style.attributes.contains(.bold) == true)
        #expect(spans.first { $0.text == "bold" }?.style.attributes.contains(.bold) == true)
        #expect(spans.first { $0.text == "it" }?.style.attributes.contains(.underline) == true)
        #expect(spans.first { $0.text == "x()" }?.style == HTMLBlockBuilder.codeStyle)
        #expect(spans.first { $0.text.hasPrefix("a ") }?.style == .plain)
    }

    @Test func codeBlocksAreVerbatimUnwrappedAndIndented() throws {
        let long = String(repeating: "x", count: 90)
        let html = "<p>Before</p>\n<pre><code>if a &lt; b &amp;&amp; c {\n\tprint(\"\(long)\")\n    }\n</code></pre><p>After</p>"
        let document = S.layout(body: html, width: 30)
        let code = document.lines.filter { $0.spans.contains { $0.style == BlockRenderer.codeStyle } }.map(\.text)
        // The question is tagged swift, so the block is Swift: its name shows at the first line's right edge (30).
        #expect(code == ["  if a < b && c {        swift", "      print(\"\(long)\")", "      }"])
        #expect(S.bodyLines(html, width: 30) == [
            "Before", "", "  if a < b && c {", "      print(\"\(long)\")", "      }", "", "After",
        ])
    }

    @Test func codeBlockLinesAreClippedByTheView() {
        let document = S.layout(body: "<pre><code>" + String(repeating: "日", count: 40) + "</code></pre>", width: 21)
        var buffer = ScreenBuffer(width: 21, height: 1)
        let line = try! #require(document.lines.first { $0.text.contains("日") })
        buffer.draw(line, row: 0)
        #expect(buffer.text(ofRow: 0) == "  " + String(repeating: "日", count: 9) + " ")
    }

    @Test func listsHaveMarkersHangingIndentsAndNest() {
        let html = "<ul><li>one two three four five</li><li>second<ul><li>inner a</li><li>inner b</li></ul></li></ul>"
            + "<ol start=\"3\"><li>third</li><li>fourth<ol><li>deep</li></ol></li></ol>"
        #expect(S.bodyLines(html, width: 16) == [
            "• one two three", "  four five", "• second", "  • inner a", "  • inner b", "",
            "3. third", "4. fourth", "   1. deep",
        ])
    }

    @Test func anUnclosedListItemIsClosedByTheNext() {
        #expect(S.bodyLines("<ul><li>a<li>b</ul><p>after</p>") == ["• a", "• b", "", "after"])
    }

    @Test func blockquotesArePrefixedAndWrappedInside() {
        let lines = S.bodyLines("<blockquote><p>quoted words that wrap around</p><p>second</p></blockquote><p>out</p>", width: 14)
        #expect(lines == ["│ quoted words", "│ that wrap", "│ around", "│ ", "│ second", "", "out"])
    }

    @Test func blankLinesSitOutsideQuotesAndBetweenLooseItems() {
        #expect(S.bodyLines("<p>before</p><blockquote><p>q1</p><p>q2</p></blockquote><ul><li><p>a</p></li><li><p>b</p></li></ul>") == [
            "before", "", "│ q1", "│ ", "│ q2", "", "• a", "", "• b",
        ])
    }

    @Test func noBreakSpacesKeepWordsTogether() {
        #expect(S.bodyLines("<p>aaa bbb&nbsp;ccc\t\n  ddd</p>", width: 8) == ["aaa", "bbb\u{00A0}ccc", "ddd"])
    }

    @Test func combiningMarksStayWithTheirLetterAcrossTheASCIIFastPath() throws {
        var links = LinkTable()
        let lines = DetailLayout.post("<p>cafe\u{301} na\u{308}ive x\u{1B}\u{301}y</p>", width: 7, links: &links)
        #expect(lines.map(\.text) == ["cafe\u{301}", "na\u{308}ive", "x\u{301}y"])
        #expect(lines.map(\.displayWidth) == [4, 5, 2])
    }

    @Test func rulesBreaksAndImages() {
        let lines = S.bodyLines("<p>a<br>b<br/><br>c</p><hr><p><img src=\"x.png\" alt=\"a &amp; cat\"> <img src=y></p>", width: 10)
        // Each picture is a box of its own, its address a numbered link listed below the post.
        #expect(lines == [
            "a", "b", "", "c", "", String(repeating: "─", count: 10), "", "[image: a", "& cat][1]", "[image][2]", "", "[1] x.png", "[2] y",
        ])
    }

    @Test func entitiesAreDecodedInTextAndCode() {
        let lines = S.bodyLines("<p>&quot;x&quot; &lt;T&gt; &#39;&#x1F600;&#39; caf&eacute;</p><pre><code>a &amp;&amp; b &gt; c</code></pre>")
        #expect(lines == ["\"x\" <T> '😀' café", "", "  a && b > c"])
    }

    @Test func unknownTagsAreIgnoredAndTheirTextKept() {
        #expect(S.bodyLines("<p><span class=x>in <foo>span</foo></span> <script>evil()</script>ok</p>") == ["in span ok"])
    }
}
