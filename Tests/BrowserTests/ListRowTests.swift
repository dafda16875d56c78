@testable import Browser
import Foundation
import StackExchange
import Testing

/// The list's compact row: it keeps what a row shows and what opening, copying or bookmarking needs, and no more.
struct ListRowTests {
    /// Every capture of questions (real API answers): the row gives back each field it keeps, drops the body.
    @Test(arguments: [
        "goso_questions_by_ids_withbody.v2.3.json", "rso_questions_default_filter.v2.1.json",
        "so-hs_search_advanced_2items.v2.2.json", "so-hs_search_advanced_p1_total.v2.2.json",
    ])
    func aRowKeepsWhatTheListAndTheDetailsHeaderNeed(capture: String) throws {
        let questions = try DocumentTests.decode(Question.self, capture)
        #expect(!questions.isEmpty)
        for question in questions {
            let row = ListRow(question)
            let back = row.question
            #expect(back.questionID == question.questionID)
            #expect(back.title == question.title && row.plainTitle == question.plainTitle)
            #expect(back.link == question.link)
            #expect(back.tags == question.tags)
            #expect(back.score == question.score && back.answerCount == question.answerCount && back.viewCount == question.viewCount)
            #expect(back.isAnswered == question.isAnswered && back.acceptedAnswerID == question.acceptedAnswerID)
            #expect(back.creationDate == question.creationDate)
            #expect(back.owner?.plainDisplayName == question.owner?.plainDisplayName)
            #expect(back.body == nil && back.bodyMarkdown == nil, "a list row keeps no body")
        }
    }

    @Test func theSignedInPersonsVotesAndTheCountsPastInt32() {
        var question = Question(questionID: 7, title: "t", viewCount: Int(Int32.max) + 5, creationDate: Date(timeIntervalSince1970: 0))
        question.upvoted = true
        question.downvoted = false
        question.favorited = true
        let back = ListRow(question).question
        #expect(back.upvoted == true && back.downvoted == false && back.favorited == true)
        #expect(back.viewCount == Int(Int32.max), "a count past 32 bits is kept at the largest")
    }

    /// The figure issue 17's memory target rests on (a count, not a time): a row is a small fraction of a question.
    @Test func aRowIsAFifthOfAQuestionInline() {
        #expect(MemoryLayout<ListRow>.stride <= 64)
        #expect(MemoryLayout<ListRow>.stride * 5 <= MemoryLayout<Question>.stride)
    }

    @Test func emptyAndMissingPartsStayApartAndNonASCIIPartsKeepTheirBoundaries() {
        let bare = ListRow(Question(questionID: 1, title: "", creationDate: Date(timeIntervalSince1970: 0)))
        #expect(bare.title == "" && bare.link == nil && bare.tagText == "" && bare.ownerName == nil)
        let full = ListRow(Question(
            questionID: 2, title: "日本語 &amp; é", link: "", tags: ["c++", "ü"], creationDate: Date(timeIntervalSince1970: 0),
            owner: ShallowUser(displayName: "")
        ))
        #expect(full.title == "日本語 &amp; é" && full.plainTitle == "日本語 & é")
        #expect(full.link == "" && full.tags == ["c++", "ü"] && full.ownerName == "")
        #expect(full.acceptedAnswerID == nil && !full.isAnswered)
    }

    @Test func aTitlePast65535BytesIsCutAtACharacterBoundary() {
        let long = String(repeating: "é", count: 40_000)
        let row = ListRow(Question(questionID: 3, title: long, link: "l", creationDate: Date(timeIntervalSince1970: 0)))
        #expect(row.title.utf8.count <= 65_535 && row.title.allSatisfy { $0 == "é" })
        #expect(row.link == "l")
    }

    /// Issue 25, finding 14: a row of the bookmarks (several sites) keeps its site beside the owner's name, and the
    /// same id on two sites is two rows of a list.
    @Test func aRowOfSeveralSitesKeepsItsSiteAndTheSameIDOnTwoSitesIsTwoRows() {
        let question = Question(questionID: 70_000_000, title: "t", link: "l", tags: ["a"], creationDate: Date(timeIntervalSince1970: 0),
                                owner: ShallowUser(displayName: "Zoë"))
        let superUser = ListRow(question, site: "superuser")
        #expect(superUser.site == "superuser" && superUser.ownerName == "Zoë" && superUser.tagText == "a" && superUser.link == "l")
        #expect(ListRow(question).site == nil && ListRow(question).ownerName == "Zoë")
        #expect(superUser.key != ListRow(question, site: "stackoverflow").key)
        var list = ListState(query: QuestionsQuery())
        list.show(rows: [ListRow(question, site: "stackoverflow"), superUser, ListRow(question, site: "superuser")], number: 1)
        #expect(list.rows.map(\.site) == ["stackoverflow", "superuser"], "each site's once")
    }
}
