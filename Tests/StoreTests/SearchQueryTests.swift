@testable import Store
import Testing

/// The local search's syntax: the site's own, and nothing a person types is an error.
struct SearchQueryTests {
    @Test func wordsPhrasesExclusionsAndTags() {
        let query = SearchQuery(parsing: #"regex "exact phrase" -perl -"bad idea" [python] [C++]"#)
        #expect(query.terms == [.init("regex"), .init("exact phrase", isPhrase: true)])
        #expect(query.excluded == [.init("perl"), .init("bad idea", isPhrase: true)])
        #expect(query.tags == ["python", "c++"])
    }

    @Test func numericOperatorsTakeAValueOrARange() {
        let query = SearchQuery(parsing: "score:5 answers:2..4")
        #expect(query.score == 5...Int.max)
        #expect(query.answers == 2...4)
        #expect(SearchQuery(parsing: "score:..-1").score == Int.min...(-1))
        #expect(SearchQuery(parsing: "score:-3").score == -3...Int.max)
    }

    @Test func flagsAndKinds() {
        let query = SearchQuery(parsing: "is:answer isaccepted:yes hasaccepted:no closed:yes user:42")
        #expect(query.kind == .answer)
        #expect(query.isAccepted == true)
        #expect(query.hasAccepted == false)
        #expect(query.closed == true)
        #expect(query.userID == 42)
        #expect(SearchQuery(parsing: "is:question closed:no").kind == .question)
        #expect(SearchQuery(parsing: "closed:no").closed == false)
    }

    @Test func createdTakesYearsMonthsDaysAndRanges() {
        let year = SearchQuery(parsing: "created:2021").created
        #expect(year == SearchValue.seconds(2021, 1, 1)..<SearchValue.seconds(2022, 1, 1))
        let range = SearchQuery(parsing: "created:2021-03..2022").created
        #expect(range == SearchValue.seconds(2021, 3, 1)..<SearchValue.seconds(2023, 1, 1))
        let day = SearchQuery(parsing: "created:2020-02-29").created
        #expect(day == 1_582_934_400..<1_583_020_800)
        #expect(SearchValue.seconds(1970, 1, 1) == 0)
    }

    @Test func fieldOperatorsAreTermsInTheirField() {
        let query = SearchQuery(parsing: "title:vim body:macro code:printf")
        #expect(query.terms == [.init("vim", field: .title), .init("macro", field: .body), .init("printf", field: .code)])
    }

    @Test func unknownOperatorsAndBadValuesAreWordsNeverErrors() {
        #expect(SearchQuery(parsing: "lang:swift").terms == [.init("lang:swift")])
        #expect(SearchQuery(parsing: "score:lots").terms == [.init("score:lots")])
        #expect(SearchQuery(parsing: "is:banana").terms == [.init("is:banana")])
        #expect(SearchQuery(parsing: "created:2021-13").terms == [.init("created:2021-13")])
        #expect(SearchQuery(parsing: "closed:maybe").closed == nil)
        #expect(SearchQuery(parsing: #"unclosed "quote and [tag"#).terms.last == .init("quote and [tag", isPhrase: true))
        #expect(SearchQuery(parsing: "   ").isEmpty)
        #expect(SearchQuery(parsing: "- -").terms == [.init("-"), .init("-")])
    }

    @Test func theFTSExpressionQuotesEveryTerm() {
        let query = SearchQuery(parsing: #"NEAR(a) title:x* -OR"#)
        #expect(FTSExpression.positive(query) == #""NEAR(a)" AND title : "x*""#)
        #expect(FTSExpression.term(.init(#"a"b"#)) == #""a""b""#)
        #expect(FTSExpression.negative(query) == #""OR""#)
        #expect(FTSExpression.positive(SearchQuery(parsing: "+++")) == nil, "a term without a letter matches nothing")
    }
}
