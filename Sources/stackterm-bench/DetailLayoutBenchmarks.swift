import Browser
import Foundation
import StackExchange

/// Benchmarks of the detail layout: a long post with every kind of block, laid out for a wide terminal.
enum DetailLayoutBenchmarks {
    static func register(_ runner: inout BenchmarkRunner) {
        let body = syntheticBody(bytes: 50 * 1024)
        let question = Question(
            questionID: 1, title: "A long question with &quot;everything&quot; in it", tags: ["swift"],
            creationDate: Date(timeIntervalSince1970: 1_700_000_000), body: body
        )
        let detail = QuestionDetail(question: question, answers: [])
        let now = Date(timeIntervalSince1970: 1_700_100_000)
        runner.run("detail layout: 50 kB body at 100 columns", units: Double(body.utf8.count) / 1024, unit: "KiB") {
            precondition(DetailLayout.layout(detail, width: 100, now: now).lines.count > 500, "the body no longer lays out")
        }
    }

    /// About `bytes` of post HTML: paragraphs with inline markup and links, code, lists, quotes, CJK and entities.
    static func syntheticBody(bytes: Int) -> String {
        let chunk = """
            <p>Some <strong>bold</strong> and <em>emphasised</em> text with <code>inline code</code> &amp; a \
            <a href="https://example.com/docs/page">link to the docs</a> that goes on for a while so that it \
            wraps over several lines at any reasonable width, 日本語のテキスト and an emoji 🚀 too.</p>
            <pre><code>func example(_ value: Int) -&gt; Int {
            \tlet doubled = value * 2 // a comment &lt;here&gt;
                return doubled + 1
            }
            </code></pre>
            <ul><li>first item with <a href="https://example.com/a">a link</a></li><li>second item<ol><li>nested one</li>\
            <li>nested two</li></ol></li></ul>
            <blockquote><p>A quoted paragraph that is long enough to wrap inside the quote bar at a hundred columns wide.</p></blockquote>

            """
        var body = ""
        while body.utf8.count < bytes { body += chunk }
        return body
    }
}
