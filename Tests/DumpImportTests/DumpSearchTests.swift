import Foundation
@testable import Store
import SyntheticDump
import Testing

/// The local search over an imported dump finds what the generator planted, with every operator.
struct DumpSearchTests {
    /// An import for each test (a few hundred posts take well under a second).
    let dump: DumpFixture

    init() throws {
        dump = try DumpFixture(posts: 500, seed: 3)
        try dump.importDump()
    }

    func found(_ text: String) throws -> [Int] {
        let site = try dump.site()
        defer { site.close() }
        return site.search(SearchQuery(parsing: text)).map(\.questionID)
    }

    @Test func wordsPhrasesAndFieldsFindThePlantedQuestion() throws {
        #expect(try found("xylophone") == [PlantedPosts.questionID])
        #expect(try found("\"\(PlantedPosts.phrase)\"") == [PlantedPosts.questionID])
        #expect(try found("\"dance elephant purple\"").isEmpty, "a phrase keeps its order")
        #expect(try found("title:xylophone") == [PlantedPosts.questionID])
        #expect(try found("title:purple").isEmpty)
        #expect(try found("code:\(PlantedPosts.codeWord)") == [PlantedPosts.questionID])
        #expect(try found("body:\(PlantedPosts.codeWord)").isEmpty, "a code block is not the body's prose")
        #expect(try found("CAFE xylophone") == [PlantedPosts.questionID], "case and accents are folded")
    }

    @Test func answersAndCommentsLeadToTheirQuestion() throws {
        let site = try dump.site()
        defer { site.close() }
        let answer = try #require(site.search(SearchQuery(parsing: PlantedPosts.answerWord)).first)
        #expect(answer.questionID == PlantedPosts.questionID && answer.postID == PlantedPosts.acceptedAnswerID && answer.kind == .answer)
        #expect(answer.markedSnippet.contains("[\(PlantedPosts.answerWord)]"))
        let comment = try #require(site.search(SearchQuery(parsing: PlantedPosts.commentWord)).first)
        #expect(comment.questionID == PlantedPosts.questionID && comment.kind == .comment && comment.postID == PlantedPosts.commentID)
    }

    @Test func operatorsNarrowTheResults() throws {
        let answer = PlantedPosts.answerWord
        #expect(try found("\(answer) isaccepted:yes") == [PlantedPosts.questionID])
        #expect(try found("\(answer) isaccepted:no").isEmpty)
        #expect(try found("\(answer) is:answer") == [PlantedPosts.questionID])
        #expect(try found("\(answer) is:question").isEmpty)
        #expect(try found("xylophone score:17") == [PlantedPosts.questionID])
        #expect(try found("xylophone score:18").isEmpty)
        #expect(try found("xylophone score:10..20 answers:2 hasaccepted:yes closed:no") == [PlantedPosts.questionID])
        #expect(try found("xylophone answers:3").isEmpty)
        #expect(try found("xylophone user:1 [vim] [unicode]") == [PlantedPosts.questionID])
        #expect(try found("xylophone user:2").isEmpty)
        #expect(try found("xylophone [regex]").isEmpty)
        #expect(try found("xylophone created:2015") == [PlantedPosts.questionID])
        #expect(try found("xylophone created:2016-01..2024").isEmpty)
        #expect(try found("xylophone -purple").isEmpty)
        #expect(try found("xylophone -banana") == [PlantedPosts.questionID])
        #expect(try found("gorgonzola closed:yes [vim]") == [PlantedPosts.closedQuestionID])
        #expect(try found("gorgonzola closed:no").isEmpty)
        #expect(try found("xylophone:mode") == [PlantedPosts.questionID], "an unknown operator is searched as words")
    }

    @Test func filtersAloneListByScoreAndAnswersMatchTheirTag() throws {
        let closed = try found("closed:yes [vim]")
        #expect(closed.contains(PlantedPosts.closedQuestionID))
        let site = try dump.site()
        defer { site.close() }
        let expected = site.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM post WHERE type = 1 AND closed IS NOT NULL AND tags LIKE '%|vim|%'")
        }
        #expect(site.search(SearchQuery(parsing: "closed:yes [vim]"), limit: 1000).count == expected)
    }

    @Test func aBetterScoredPostRanksFirstAmongEqualMatches() throws {
        let site = try dump.site()
        defer { site.close() }
        let hits = site.search(SearchQuery(parsing: "is:question closed:no"), limit: 5)
        let scores = hits.compactMap { site.detail(questionID: $0.questionID)?.question.score }
        #expect(scores == scores.sorted(by: >) && scores.count == 5)
    }
}

extension DumpImportTests {
    @Test func aCommentOnAnAnswerLeadsToTheAnswersQuestionWhateverItsOwnId() throws {
        let dump = try DumpFixture(posts: 60)
        let comments = dump.folder.appendingPathComponent("Comments.xml")
        var text = try String(contentsOf: comments, encoding: .utf8)
        // One comment whose id is another question's (the closed one), one whose id is no post's.
        let added = """
              <row Id="\(PlantedPosts.closedQuestionID)" PostId="\(PlantedPosts.acceptedAnswerID)" Score="0" Text="quetzalcoatl on the accepted answer" CreationDate="2015-02-03T18:38:04.627" UserId="1" />\r
              <row Id="9000000" PostId="\(PlantedPosts.otherAnswerID)" Score="0" Text="axolotl on the other answer" CreationDate="2015-02-03T18:38:04.627" UserId="1" />\r
            </comments>
            """
        text = text.replacingOccurrences(of: "</comments>", with: added)
        try text.write(to: comments, atomically: true, encoding: .utf8)
        try dump.importDump()
        let site = try dump.site()
        defer { site.close() }
        for (word, commentID) in [("quetzalcoatl", PlantedPosts.closedQuestionID), ("axolotl", 9_000_000)] {
            let hits = site.search(SearchQuery(parsing: word))
            #expect(hits.map(\.questionID) == [PlantedPosts.questionID], "\(word)")
            #expect(hits.first?.kind == .comment && hits.first?.postID == commentID, "\(word)")
        }
    }
}
