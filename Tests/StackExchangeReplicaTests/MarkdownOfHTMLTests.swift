@testable import StackExchangeReplica
import Testing

/// The replica's `body_markdown`: the Markdown a body's HTML was written in, entities kept as the API keeps them.
struct MarkdownOfHTMLTests {
    @Test func paragraphsInlineCodeLinksAndEmphasis() {
        let html = "<p>Use <code>git reflog</code> &amp; see <a href=\"https://git-scm.com\">the docs</a>, <em>really</em> <strong>now</strong>.</p>\n\n<p>Second.</p>\n"
        #expect(MarkdownOfHTML.markdown(html) == "Use `git reflog` &amp; see [the docs](https://git-scm.com), *really* **now**.\n\nSecond.")
    }

    @Test func codeBlocksAreFencedWithTheirLanguage() {
        let html = "<pre class=\"lang-py prettyprint-override\"><code>print(&quot;hi&quot;)\nx = 1\n</code></pre>\n<p>After.</p>"
        #expect(MarkdownOfHTML.markdown(html) == "```py\nprint(&quot;hi&quot;)\nx = 1\n```\n\nAfter.")
    }

    @Test func listsAndQuotes() {
        let html = "<ol><li>Build it</li><li>Run it</li></ol><ul><li>one</li></ul><blockquote><p>quoted</p></blockquote><p>end</p>"
        #expect(MarkdownOfHTML.markdown(html) == "1. Build it\n2. Run it\n\n- one\n\n> quoted\n\nend")
    }
}
