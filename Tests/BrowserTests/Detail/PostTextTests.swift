@testable import Browser
import Testing

/// A post's HTML as text for a shell (`--print`): the detail view's reader, fenced code, numbered footnotes.
struct PostTextTests {
    static func text(_ html: String, width: Int?, tags: [String] = []) -> (lines: [String], links: [String]) {
        let laidOut = PostText.lines(html: html, width: width, tags: tags)
        return (laidOut.lines.map { $0.spans.map(\.text).joined() }, laidOut.links)
    }

    @Test func codeIsFencedWithTheLanguageTheDetailViewWouldUse() {
        let hinted = Self.text(#"<pre class="lang-rust"><code>fn main() {}</code></pre>"#, width: nil)
        #expect(hinted.lines == ["```rust", "fn main() {}", "```"])
        // No hint: the question's tags choose, as in the detail view.
        let tagged = Self.text("<pre><code>x = 1</code></pre>", width: nil, tags: ["python"])
        #expect(tagged.lines.first == "```python")
        let none = Self.text(#"<pre class="lang-none"><code>plain</code></pre>"#, width: nil, tags: ["python"])
        #expect(none.lines == ["```", "plain", "```"])
    }

    @Test func linksAreNumberedOnceInOrder() {
        let html = #"<p><a href="https://a.example">A</a>, <a href="https://b.example">B</a> and <a href="https://a.example">A again</a></p>"#
        let laidOut = Self.text(html, width: nil)
        #expect(laidOut.lines == ["A [1], B [2] and A again [1]"])
        #expect(laidOut.links == ["https://a.example", "https://b.example"])
    }

    @Test func textWrapsToAWidthAndNotWithoutOne() {
        let html = "<p>" + String(repeating: "word ", count: 30) + "</p><ul><li>one item</li></ul>"
        let wrapped = Self.text(html, width: 20)
        #expect(wrapped.lines.count > 5)
        #expect(wrapped.lines.allSatisfy { $0.count <= 20 })
        let unwrapped = Self.text(html, width: nil)
        #expect(unwrapped.lines.first?.count == 149)
        #expect(unwrapped.lines.contains { $0.hasSuffix("one item") })
    }
}
