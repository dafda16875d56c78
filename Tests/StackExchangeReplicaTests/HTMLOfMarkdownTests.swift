@testable import StackExchangeReplica
import Testing

/// The replica's rendering of a written post's Markdown, as the sites render it for `body`.
struct HTMLOfMarkdownTests {
    func html(_ markdown: String) -> String { HTMLOfMarkdown.html(markdown) }

    @Test func paragraphsAreSeparatedByBlankLinesAndKeepTheirLineBreaks() {
        #expect(html("First line\nsame paragraph.\n\nSecond.") == "<p>First line\nsame paragraph.</p>\n\n<p>Second.</p>\n")
        #expect(html("Hard  \nbreak") == "<p>Hard<br />\nbreak</p>\n")
        #expect(html("Windows\r\nline\r\n\r\nends") == "<p>Windows\nline</p>\n\n<p>ends</p>\n")
        #expect(html("") == "")
    }

    @Test func fencedCodeNamesItsLanguageAndIndentedCodeIsPlain() {
        #expect(html("```python\nprint(\"<hi>\")\n```") == """
            <pre class="lang-python s-code-block"><code class="hljs language-python">print("&lt;hi&gt;")
            </code></pre>\n
            """)
        #expect(html("~~~\nplain\n~~~") == "<pre><code>plain\n</code></pre>\n")
        #expect(html("```lang-none\nx\n```") == "<pre class=\"lang-none s-code-block\"><code class=\"hljs language-none\">x\n</code></pre>\n")
        #expect(html("Text:\n\n    indented code\n      keeps spaces\n\nAfter.")
            == "<p>Text:</p>\n\n<pre><code>indented code\n  keeps spaces\n</code></pre>\n\n<p>After.</p>\n")
        // An unclosed fence runs to the end; a fence's Markdown is not read.
        #expect(html("```\n*not em*") == "<pre><code>*not em*\n</code></pre>\n")
    }

    @Test func inlineCodeLinksAndEmphasis() {
        #expect(html("Run `a < b` now") == "<p>Run <code>a &lt; b</code> now</p>\n")
        #expect(html("``code with ` tick``") == "<p><code>code with ` tick</code></p>\n")
        #expect(html("See [the docs](https://git-scm.com/docs \"Git\").")
            == "<p>See <a href=\"https://git-scm.com/docs\" title=\"Git\" rel=\"nofollow noreferrer\">the docs</a>.</p>\n")
        #expect(html("<https://example.com/a>") == "<p><a href=\"https://example.com/a\" rel=\"nofollow noreferrer\">https://example.com/a</a></p>\n")
        #expect(html("[bad](javascript:alert(1))") == "<p>bad</p>\n")
        #expect(html("*em* and **strong** and _em_ and __strong__")
            == "<p><em>em</em> and <strong>strong</strong> and <em>em</em> and <strong>strong</strong></p>\n")
        #expect(html("snake_case_name and 2 * 3 * 4") == "<p>snake_case_name and 2 * 3 * 4</p>\n")
        #expect(html("\\*literal\\* and `*code*`") == "<p>*literal* and <code>*code*</code></p>\n")
    }

    @Test func headingsRulesAndQuotes() {
        #expect(html("# Title\n## Sub ##\n####### not") == "<h1>Title</h1>\n\n<h2>Sub</h2>\n\n<p>####### not</p>\n")
        #expect(html("Setext\n======\n\nTwo\n---") == "<h1>Setext</h1>\n\n<h2>Two</h2>\n")
        #expect(html("a\n\n***\n\nb") == "<p>a</p>\n\n<hr />\n\n<p>b</p>\n")
        #expect(html("> quoted *text*\n> more") == "<blockquote>\n<p>quoted <em>text</em>\nmore</p>\n</blockquote>\n")
    }

    @Test func bulletedNumberedAndNestedLists() {
        #expect(html("- one\n- two") == "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n")
        #expect(html("1. first\n2. second") == "<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n")
        #expect(html("3. third\n4. fourth") == "<ol start=\"3\">\n<li>third</li>\n<li>fourth</li>\n</ol>\n")
        #expect(html("- outer\n  - inner\n- next") == "<ul>\n<li>outer\n<ul>\n<li>inner</li>\n</ul></li>\n<li>next</li>\n</ul>\n")
        #expect(html("- loose\n\n- items") == "<ul>\n<li>\n<p>loose</p>\n</li>\n<li>\n<p>items</p>\n</li>\n</ul>\n")
        #expect(html("Intro:\n- a\n- b\n\nEnd.") == "<p>Intro:</p>\n\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n\n<p>End.</p>\n")
    }

    @Test func htmlIsEscapedNotPassedThrough() {
        #expect(html("<script>alert(1)</script> & \"q\"") == "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;</p>\n")
    }
}
