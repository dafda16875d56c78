@testable import Browser
import Foundation
import StackExchange
import Testing

/// A screen left alone shows its ages moving on, on the test's clock: the open question's header and its answers'
/// as the list's rows do, and the model asks to be woken when the next one changes.
@MainActor
struct AgesMoveOnTests {
    /// Asked 5 minutes 50 seconds before the clock's start; its answer 2 minutes 10 seconds before.
    static let question = Question(
        questionID: 4242, title: "Ages that move on", tags: ["swift"], answerCount: 1,
        creationDate: Fixtures.now.addingTimeInterval(-350), owner: ShallowUser(displayName: "asker")
    )
    static let answer = Answer(
        answerID: 77, questionID: 4242, score: 3, creationDate: Fixtures.now.addingTimeInterval(-130),
        owner: ShallowUser(displayName: "answerer"), body: "<p>An answer.</p>"
    )

    func openQuestion() throws -> Harness {
        let h = Harness()
        h.startLoaded([Self.question], hasMore: false)
        h.press(.enter)
        try #require(h.details.requests.last)
            .deliver(.success(QuestionDetail(question: Self.question, answers: [Self.answer], quotaRemaining: 250)))
        return h
    }

    @Test func theOpenQuestionsAgesMoveWithTheClock() throws {
        let h = try openQuestion()
        var screen = h.screen().joined(separator: "\n")
        #expect(screen.contains("asked 5m"), "\(screen)")
        #expect(screen.contains("2m"))
        // 15 seconds on: the question is 6 minutes old, within the same minute of the wall clock.
        h.advance(15)
        screen = h.screen().joined(separator: "\n")
        #expect(screen.contains("asked 6m"), "\(screen)")
        #expect(!screen.contains("asked 5m"))
        // 70 seconds after opening: the answer is 3 minutes old.
        h.advance(55)
        screen = h.screen().joined(separator: "\n")
        #expect(screen.contains("asked 7m"), "\(screen)")
        #expect(screen.contains("answerer") && screen.contains("3m"), "\(screen)")
    }

    @Test func theModelAsksToBeWokenWhenTheNextAgeOnScreenChanges() throws {
        let h = try openQuestion()
        // The question turns 6 minutes old 10 seconds on; the answer 3 minutes old 50 seconds on.
        #expect(h.controller.model.ageWakeAt == Fixtures.now.addingTimeInterval(10))
        h.advance(15)
        #expect(h.controller.model.ageWakeAt == Fixtures.now.addingTimeInterval(50))
        // Back on the list, its rows' ages, on the clock's whole minutes: the question's row turns 7 minutes old at
        // 70 seconds, and the list wakes at the next whole minute of the clock (the fixed now is 20 s past one).
        h.press(.escape)
        #expect(h.controller.state.detail == nil)
        #expect(h.controller.model.ageWakeAt == Fixtures.now.addingTimeInterval(100))
        // Rows asked at other seconds of the same minute share that wake: one wake a minute, however many rows.
        h.advance(100)
        #expect(h.controller.model.ageWakeAt == Fixtures.now.addingTimeInterval(160))
    }
}
