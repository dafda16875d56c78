import Foundation
import StackExchange
import StacktermCLI
import Testing

/// What a shell launch shows of what the sites found: answered questions first (an accepted or voted-up answer before
/// any answer), an unanswered one only when nothing answered matched, and `-n` counting questions in all, the sites'
/// lists merged by rank.
struct ShellSelectionTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func question(_ id: Int, answers: [(id: Int, score: Int, accepted: Bool)] = []) -> Question {
        var question = Question(questionID: id, title: "question \(id)", link: nil, tags: [], score: 0, answerCount: answers.count, creationDate: date)
        question.answers = answers.map {
            Answer(answerID: $0.id, questionID: id, score: $0.score, isAccepted: $0.accepted, creationDate: date)
        }
        return question
    }

    @Test func anAnsweredQuestionComesBeforeAnUnansweredOneRankedAboveIt() {
        let found = [Self.question(1), Self.question(2, answers: [(20, 0, false)])]
        let selection = ShellSelection([("stackoverflow", found)], count: 1, allAnswers: false)
        #expect(selection.entries.map(\.question.questionID) == [2])
        #expect(selection.entries.first?.answers.map(\.answerID) == [20])
        #expect(!selection.onlyUnanswered)
    }

    @Test func anAcceptedOrVotedUpAnswerComesBeforeAnyAnswerAndTheRankKeepsWithin() {
        let found = [
            Self.question(1, answers: [(10, 0, false)]),
            Self.question(2, answers: [(20, 3, false)]),
            Self.question(3),
            Self.question(4, answers: [(40, -1, false), (41, 0, true)]),
        ]
        let selection = ShellSelection([("stackoverflow", found)], count: 5, allAnswers: false)
        #expect(selection.entries.map(\.question.questionID) == [2, 4, 1], "the unanswered 3 is left out")
        #expect(selection.entries.map { $0.answers.map(\.answerID) } == [[20], [41], [10]], "each with its best answer")
    }

    @Test func unansweredQuestionsOnlyWhenNothingAnsweredMatchedAndSaidSo() {
        let selection = ShellSelection([("stackoverflow", [Self.question(1), Self.question(2)])], count: 1, allAnswers: false)
        #expect(selection.entries.map(\.question.questionID) == [1])
        #expect(selection.onlyUnanswered)
        #expect(!ShellSelection([("stackoverflow", [])], count: 1, allAnswers: false).onlyUnanswered, "nothing found is not that")
    }

    @Test func countIsQuestionsInAllWithTheSitesMergedByRank() {
        let results: [(site: String, questions: [Question])] = [
            ("stackoverflow", [Self.question(1, answers: [(10, 1, false)]), Self.question(2, answers: [(20, 1, false)])]),
            ("unix", [Self.question(1, answers: [(11, 1, false)]), Self.question(3, answers: [(30, 1, false)])]),
        ]
        let selection = ShellSelection(results, count: 3, allAnswers: false)
        #expect(selection.entries.map { "\($0.site) \($0.question.questionID)" } == ["stackoverflow 1", "unix 1", "stackoverflow 2"])
        let merged = ShellSelection(results + [("stackoverflow", [Self.question(1, answers: [(10, 1, false)])])], count: 9, allAnswers: false)
        #expect(merged.entries.count == 4, "the same question of the same site once")
    }

    @Test func allAnswersShowsTheFirstQuestionWithEveryAnswer() {
        let found = [Self.question(1), Self.question(2, answers: [(20, 1, false), (21, 5, false), (22, 0, true)])]
        let selection = ShellSelection([("stackoverflow", found)], count: 3, allAnswers: true)
        #expect(selection.entries.map(\.question.questionID) == [2])
        #expect(selection.entries.first?.answers.map(\.answerID) == [22, 21, 20])
    }

    @Test func aLinksQuestionIsShownWhateverItHolds() {
        let selection = ShellSelection([("stackoverflow", [Self.question(1)])], count: 1, allAnswers: false, preferAnswered: false)
        #expect(selection.entries.map(\.question.questionID) == [1])
        #expect(!selection.onlyUnanswered)
    }

    @Test func eachSiteIsAskedForAFewMoreThanShown() {
        #expect(ShellSelection.pageSize(count: 1) == 5)
        #expect(ShellSelection.pageSize(count: 10) == 14)
        #expect(ShellSelection.pageSize(count: 100) == 100, "the API's largest page")
    }
}
