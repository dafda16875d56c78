import Browser
import Foundation
import Highlight
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
        let highlighted = "detail layout: 50 kB body at 100 columns"
        let plain = "detail layout: 50 kB body at 100 columns, highlighting off"
        runner.run(highlighted, units: Double(body.utf8.count) / 1024, unit: "KiB") {
            precondition(DetailLayout.layout(detail, width: 100, now: now).lines.count > 500, "the body no longer lays out")
        }
        runner.run(plain, units: Double(body.utf8.count) / 1024, unit: "KiB") {
            precondition(
                DetailLayout.layout(detail, width: 100, now: now, highlightsCode: false).lines.count > 500, "the body no longer lays out"
            )
        }
        // Highlighting may cost at most a quarter more than the layout without it (each layout highlights afresh
        // here; the browser's memo keeps colours across layouts, so a resize costs less).
        if let with = runner.medians[highlighted], let without = runner.medians[plain] {
            let ratio = with / without
            runner.record(BenchmarkRunner.Row(
                measure: "detail layout: highlighting on / off", median: String(format: "%.2f×", ratio), tail: "—",
                target: "≤ 1.25×", passed: ratio <= 1.25
            ))
        }
        registerCodeHeavy(&runner)
        registerHighlighter(&runner)
    }

    /// An answer that is nearly all code (Python, from its tag): the worst case for highlighting's share.
    static func registerCodeHeavy(_ runner: inout BenchmarkRunner) {
        let block = "<pre><code>" + String(repeating: """
            def total(items: list[int]) -&gt; int:
                \"\"\"Sum the items.\"\"\"
                return sum(x * 2 for x in items if x &gt; 0)  # doubled

            """, count: 8) + "</code></pre><p>Explained in one line.</p>\n"
        var body = ""
        while body.utf8.count < 50 * 1024 { body += block }
        let question = Question(
            questionID: 2, title: "Code-heavy", tags: ["python"], creationDate: Date(timeIntervalSince1970: 1_700_000_000), body: body
        )
        let detail = QuestionDetail(question: question, answers: [])
        let now = Date(timeIntervalSince1970: 1_700_100_000)
        let on = "detail layout: 50 kB of mostly code at 100 columns"
        let off = "detail layout: 50 kB of mostly code at 100 columns, highlighting off"
        runner.run(on, units: Double(body.utf8.count) / 1024, unit: "KiB") {
            precondition(DetailLayout.layout(detail, width: 100, now: now).lines.count > 500, "the body no longer lays out")
        }
        runner.run(off, units: Double(body.utf8.count) / 1024, unit: "KiB") {
            precondition(DetailLayout.layout(detail, width: 100, now: now, highlightsCode: false).lines.count > 500, "no layout")
        }
        if let with = runner.medians[on], let without = runner.medians[off] {
            runner.record(BenchmarkRunner.Row(
                measure: "detail layout, mostly code: highlighting on / off", median: String(format: "%.2f×", with / without),
                tail: "—", target: "— (informative: the worst case)", passed: nil
            ))
        }
    }

    /// The lexer alone: 50 kB of Python, Swift and JavaScript, in MB/s (the target is 20 MB/s at least).
    static func registerHighlighter(_ runner: inout BenchmarkRunner) {
        let name = "highlighting alone: 50 kB of code"
        let samples: [(String, String)] = [
            ("python", "def greet(name: str) -> str:\n    \"\"\"Say hello.\"\"\"\n    return f\"hello {name}\" + str(42)  # done\n"),
            ("swift", "@MainActor func total(_ xs: [Int]) -> Int { /* sum */ xs.reduce(0, +) } // \"quoted\" \\(x)\n"),
            ("javascript", "const total = items.reduce((a, b) => a + b, 0); console.log(`total: ${total}`); // ok\n"),
        ]
        var inputs: [(String, Language)] = []
        for (alias, line) in samples {
            guard let language = Language(alias: alias) else { continue }
            var code = ""
            while code.utf8.count < 50 * 1024 / samples.count { code += line }
            inputs.append((code, language))
        }
        let bytes = inputs.reduce(0) { $0 + $1.0.utf8.count }
        runner.run(name, units: Double(bytes) / 1_000_000, unit: "MB") {
            var spans = 0
            for (code, language) in inputs { spans += Highlighter.spans(code, language: language).count }
            precondition(spans > 1000, "the code no longer highlights")
        }
        if let median = runner.medians[name] {
            let rate = Double(bytes) / 1_000_000 / (median / 1000)
            runner.record(BenchmarkRunner.Row(
                measure: "highlighting alone: throughput", median: String(format: "%.0f MB/s", rate), tail: "—",
                target: "≥ 20 MB/s", passed: rate >= 20
            ))
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
