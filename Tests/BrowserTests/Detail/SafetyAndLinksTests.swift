import Testing
import StackExchange
@testable import Browser

/// Links and numbering, control characters, malformed HTML, wide characters and tiny widths.
struct SafetyAndLinksTests {
    typealias S = DetailTestSupport

    @Test func linksAreNumberedAndListedAfterThePost() {
        let html = #"<p>See <a href="https://a.example/1">the docs</a> and <a href="https://b.example">b</a>.</p>"#
        #expect(S.bodyLines(html, width: 60) == [
            "See the docs[1] and b[2].", "", "[1] https://a.example/1", "[2] https://b.example",
        ])
    }

    @Test func duplicateLinksReuseTheirNumberAcrossTheDocument() {
        let question = S.question(body: #"<p><a href="https://x.example">x</a> <a href="https://y.example">y</a> <a href="https://x.example">again</a></p>"#)
        let answer = S.answer(7, score: 1, body: #"<p><a href="https://z.example">z</a> <a href="https://y.example">y</a></p>"#)
        let document = DetailLayout.layout(QuestionDetail(question: question, answers: [answer]), width: 60, now: S.now)
        let text = document.lines.map(\.text)
        #expect(text.contains("x[1] y[2] again[1]"))
        #expect(text.contains("z[3] y[2]"))
        #expect(document.links == ["https://x.example", "https://y.example", "https://z.example"])
        // The answer lists the links it uses, in number order, including the one the question introduced.
        let answerStart = document.answerLineIndices.first ?? 0
        #expect(Array(text[answerStart...]).filter { $0.hasPrefix("[") && $0.contains("://") } == ["[2] https://y.example", "[3] https://z.example"])
        #expect(text[..<answerStart].filter { $0.hasPrefix("[") && $0.contains("://") } == ["[1] https://x.example", "[2] https://y.example"])
    }

    @Test func controlCharactersNeverReachTheLines() {
        let evil = "\u{1B}[31m\u{9B}2J\u{07}\u{00}\u{7F}"
        let body = "<p>red\(evil)text &#27;[0m &#x9b;</p><pre><code>code\(evil)\r\nline2</code></pre>"
            + "<a href=\"https://e.example/\(evil)\">l\(evil)</a><img alt=\"\(evil)\">"
        let question = S.question(title: "Title \(evil) here", body: body, tags: ["t\(evil)"])
        let answer = S.answer(3, score: 1, body: body)
        var owned = answer
        owned.owner = .init(displayName: "bad\(evil)name")
        let document = DetailLayout.layout(QuestionDetail(question: question, answers: [owned]), width: 40, now: S.now)
        for line in document.lines { #expect(S.controls(in: line.text).isEmpty, "\(line.text.debugDescription)") }
        for link in document.links { #expect(S.controls(in: link).isEmpty) }
        #expect(document.lines.map(\.text).contains { $0.contains("red[31m2Jtext [0m") })
        #expect(document.lines.map(\.text).contains { $0.contains("line2") })
    }

    @Test(arguments: [8, 11, 25])
    func wideCharactersWrapByDisplayWidth(_ width: Int) {
        let html = "<p>日本語のテキストはとても長いです 🚀🚀🚀 emoji 混在 テキスト</p><ul><li>中文列表项目很长很长</li></ul>"
        let lines = S.bodyLines(html, width: width)
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line) is wider than \(width)") }
        #expect(lines.joined().replacingOccurrences(of: " ", with: "").contains("日本語のテキストはとても長いです"))
    }

    @Test(arguments: [
        "<p>unclosed <b>bold <i>and italic", "a < b and c > d", "<<>>text<<>>", "tail <a", "<a href=\"x",
        "<ul><li>one<li>two</ol></blockquote></pre>", "</p></div>stray ends", "<pre><code>never closed\nsecond",
        "<blockquote><blockquote>deep", "<!-- open comment", "<a href=''>empty</a>", "<td>cell<td>cell2",
    ])
    func malformedHTMLNeverCrashesAndKeepsText(_ html: String) {
        let document = S.layout(body: html, width: 30)
        let text = document.lines.map(\.text).joined(separator: "\n")
        for word in ["unclosed", "bold", "italic", "b and c", "text", "tail", "one", "two", "stray ends", "never closed", "second", "deep", "empty", "cell2"]
            where html.contains(word) {
            #expect(text.contains(word), "\(word) lost from \(html.debugDescription)")
        }
    }

    @Test(arguments: Array(1...10))
    func tinyWidthsNeverCrashOrLoop(_ width: Int) throws {
        let html = "<h1>Head</h1><p>Some <a href=\"https://x.example/long/path\">linked</a> 日本語 🚀 words</p>"
            + "<ul><li><blockquote><ol><li>deeply nested item</li></ol></blockquote></li></ul><hr><pre><code>\tcode</code></pre>"
        let detail = QuestionDetail(question: S.question(title: "日本語 title that wraps", body: html), answers: [S.answer(2, score: 3, accepted: true, body: html)])
        let document = DetailLayout.layout(detail, width: width, now: S.now)
        #expect(document.lines.count > 10)
        for line in S.nonCodeLines(document) {
            // A wide character alone cannot fit one column; everything else fits.
            #expect(DisplayWidth.of(line.text) <= max(width, 2), "\(line.text) at width \(width)")
        }
        // Broken into pieces at tiny widths, but every letter is still there in order.
        var remaining = Substring("deeplynesteditem")
        let all = document.lines.map(\.text).joined()
        let afterMarker = try #require(all.firstIndex(of: "🚀"))
        for character in all[afterMarker...] where character == remaining.first { remaining = remaining.dropFirst() }
        #expect(remaining.isEmpty, "lost \(remaining) at width \(width)")
    }
}
