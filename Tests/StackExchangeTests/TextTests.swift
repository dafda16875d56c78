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
