import Testing
@testable import Browser

struct HTMLTokenizerTests {
    @Test func tagsAttributesTextAndComments() {
        let tokens = HTMLTokenizer.tokens(#"<P Class="x">a &amp; b<!-- note --><a href='u?a=1&amp;b=2' rel=nofollow>l</a><br/></p>"#)
        #expect(tokens == [
            .startTag(name: "p", attributes: ["class": "x"], selfClosing: false),
            .text("a & b"),
            .comment(" note "),
            .startTag(name: "a", attributes: ["href": "u?a=1&b=2", "rel": "nofollow"], selfClosing: false),
            .text("l"),
            .endTag(name: "a"),
            .startTag(name: "br", attributes: [:], selfClosing: true),
            .endTag(name: "p"),
        ])
    }

    @Test(arguments: ["a < b", "<<>>", "x <a", "x <a href=\"", "</", "<!", "1 <2> 3", "<p", "<3 >", "a <b"])
    func anIncompleteTagIsKeptAsText(_ html: String) {
        #expect(HTMLTokenizer.tokens(html) == [.text(html)])
    }

    @Test func textAroundBrokenMarkupSurvives() {
        let tokens = HTMLTokenizer.tokens("<p>one <<b>two</b>>> three <i")
        let text = tokens.compactMap { token -> String? in
            if case .text(let text) = token { return text }
            return nil
        }.joined()
        #expect(text == "one <two>> three <i")
        #expect(tokens.contains(.startTag(name: "b", attributes: [:], selfClosing: false)))
    }

    @Test func referencesAreDecodedOnceAndUnknownOnesKept() {
        #expect(HTMLTokenizer.tokens("&amp;lt; &foo; a & b &#x41;&#66; &amp") == [.text("&lt; &foo; a & b AB &amp")])
    }

    @Test func anUnterminatedQuoteEndsAtTheNextBracket() {
        let tokens = HTMLTokenizer.tokens(#"<a href="x>link</a> after"#)
        #expect(tokens.first == .startTag(name: "a", attributes: ["href": "x"], selfClosing: false))
        #expect(tokens.contains(.text(" after")))
    }
}
