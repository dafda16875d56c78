import Testing
@testable import StackExchange

/// HTML entity decoding and control-character stripping: nothing from the network reaches the terminal raw.
struct TextTests {
    @Test func namedAndNumericEntitiesDecode() {
        #expect(PlainText.decode("&quot;a&quot; &#39;b&#39; c &amp; d") == "\"a\" 'b' c & d")
        #expect(PlainText.decode("rocket &#x1F680; &#X1f680; &#128640;") == "rocket 🚀 🚀 🚀")
        #expect(PlainText.decode("&lt;div&gt;") == "<div>")
    }

    @Test func invalidEntitiesAreLeftAsTheyAre() {
        #expect(PlainText.decode("AT&T") == "AT&T")
        #expect(PlainText.decode("&bogus; &#xZZ; & ;") == "&bogus; &#xZZ; & ;")
        #expect(PlainText.decode("&amp") == "&amp")
        // Only one level: an escaped entity stays an entity.
        #expect(PlainText.decode("&amp;lt;") == "&lt;")
    }

    @Test func controlCharactersAreStripped() {
        #expect(PlainText.decode("a\u{1B}[31mred\u{07}b\u{00}c") == "a[31mredbc")
        #expect(PlainText.decode("x\u{9B}2Jy\u{7F}z") == "x2Jyz")
        #expect(PlainText.decode("a\u{80}b\u{9F}c\u{A0}d") == "abc\u{A0}d")
        // Entities that name control characters are stripped after decoding, too.
        #expect(PlainText.decode("a&#27;[2Jb&#x9B;c&#7;") == "a[2Jbc")
    }

    @Test func referencesDecodeAmongTextOfEveryWidth() {
        // Multi-byte text before, between and after references, and references back to back.
        #expect(PlainText.decode("Jörg&#39;s “naïve” &amp;&amp; 日本&quot;語&quot; 👍🏽&hellip;") == "Jörg's “naïve” && 日本\"語\" 👍🏽…")
        #expect(PlainText.decode("&lt;&gt;&#x41;&#66;") == "<>AB")
        #expect(PlainText.decode("x &amp;") == "x &")
        // A stray `&` before a reference, and one at the very end.
        #expect(PlainText.decode("&&amp; a&") == "&& a&")
        // Text without a reference or a control character comes back as it was.
        #expect(PlainText.decode("naïve 日本 👩‍💻") == "naïve 日本 👩‍💻")
    }

    @Test func aReferenceEndsWithinTwelveCharactersAndIsAscii() {
        // Eleven characters between `&` and `;` are a reference; twelve are not.
        #expect(PlainText.decode("&#0000000039;") == "'")
        #expect(PlainText.decode("&#00000000039;") == "&#00000000039;")
        // A name with a character that is not ASCII is no reference (its `;` is found, the name is not).
        #expect(PlainText.decode("&amé; &#３９;") == "&amé; &#３９;")
        #expect(PlainText.decode("&#xD800; &#0; &#x110000;") == "\u{FFFD} \u{FFFD} \u{FFFD}")
    }

    @Test func c1ControlsAreFoundInTheirUtf8Form() {
        // U+0085 (NEL) is 0xC2 0x85; U+00A0 and U+00C2 (Â) share its first byte and stay.
        #expect(PlainText.sanitize("a\u{85}b\u{A0}cÂ\u{9B}d") == "ab\u{A0}cÂd")
        #expect(PlainText.sanitize("Âé€") == "Âé€")
        #expect(PlainText.sanitizeMultiline("a\u{85}b\tc\nd") == "ab\tc\nd")
        #expect(PlainText.sanitizeMultiline("plain\ttext\nkept") == "plain\ttext\nkept")
        #expect(PlainText.sanitizeMultiline("a\rb") == "a\nb")
        #expect(PlainText.sanitize("a\u{7F}b") == "ab")
    }

    @Test func singleLineTextTurnsTabsAndNewlinesIntoSpaces() {
        #expect(PlainText.decode("a\tb\nc\r\nd") == "a b c  d")
    }

    @Test func multilineTextKeepsNewlinesAndTabs() {
        #expect(PlainText.decodeMultiline("a\r\nb\rc\n\td\u{1B}e") == "a\nb\nc\n\tde")
        #expect(PlainText.decodeMultiline("it&#39;s\r\n\r\n    code") == "it's\n\n    code")
    }

    @Test func modelsExposePlainText() {
        let user = ShallowUser(displayName: "J&#246;rg \u{1B}]0;x\u{07}")
        #expect(user.plainDisplayName == "Jörg ]0;x")
        let question = Question(questionID: 1, title: "Why &quot;x&quot;\u{9B}?", creationDate: .distantPast)
        #expect(question.plainTitle == "Why \"x\"?")
    }
}
