import Browser
import Foundation
import Operations
import StackExchange

/// Benchmarks of find in page: a key typed into the find prompt (or `n`) and the frame drawn after it, on a
/// question whose answer is 50 kB of HTML. The target is 16 ms from key to frame.
@MainActor
enum FindBenchmarks {
    static func register(_ runner: inout BenchmarkRunner) {
        let questions = ImmediateQuestions()
        let details = ImmediateDetails()
        let controller = BrowserController(
            configuration: BrowserConfiguration(),
            ports: BrowserPorts(questions: questions, details: details, urlOpener: NoOpener()), clock: { Date(timeIntervalSince1970: 1_700_100_000) }
        )
        controller.prefetchDistance = 0
        let question = Question(
            questionID: 1, title: "A question with a long answer", tags: ["swift"],
            creationDate: Date(timeIntervalSince1970: 1_700_000_000), body: "<p>The question.</p>"
        )
        let answer = Answer(
            answerID: 2, questionID: 1, score: 3, creationDate: Date(timeIntervalSince1970: 1_700_000_100),
            body: DetailLayoutBenchmarks.syntheticBody(bytes: 50 * 1024)
        )
        controller.start()
        controller.resize(width: 100, height: 40)
        questions.deliver(Page(items: [question], hasMore: false))
        controller.handle(.enter)
        details.deliver(QuestionDetail(question: question, answers: [answer]))
        _ = controller.render(width: 100, height: 40)
        controller.handle(.character("/"))
        for character in "th" { controller.handle(.character(character)) }
        _ = controller.render(width: 100, height: 40)

        // Each iteration is one key and one frame: "e" makes the query "the", Backspace makes it "th" again.
        var typed = false
        runner.run("find: key→frame typing, 50 kB answer", units: 1, unit: "frame", target: 16) {
            controller.handle(typed ? .backspace : .character("e"))
            typed.toggle()
            let frame = controller.render(width: 100, height: 40)
            precondition(frame.text(ofRow: 39).contains("match 1/"), "the find no longer finds \"th\" and \"the\"")
        }
        controller.handle(.enter)
        runner.run("find: n→frame, 50 kB answer", units: 1, unit: "frame", target: 16) {
            controller.handle(.character("n"))
            let frame = controller.render(width: 100, height: 40)
            precondition(frame.text(ofRow: 39).contains("match "), "the find no longer reports its matches")
        }
    }
}

/// A question list that hands its page over when the benchmark says so, on the main actor.
@MainActor
private final class ImmediateQuestions: QuestionsDataManaging {
    // The benchmark runs on the main actor only; the completion is stored and called there.
    nonisolated(unsafe) private var completion: (@MainActor @Sendable (Result<Page<Question>, APIError>) -> Void)?

    nonisolated func questions(
        _ query: QuestionsQuery, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable {
        self.completion = completion
        return CancelAction {}
    }

    func deliver(_ page: Page<Question>) { completion?(.success(page)) }
}

/// A detail source that hands its detail over when the benchmark says so, on the main actor.
@MainActor
private final class ImmediateDetails: QuestionDetailDataManaging {
    // The benchmark runs on the main actor only; the completion is stored and called there.
    nonisolated(unsafe) private var completion: (@MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void)?

    nonisolated func detail(
        questionID: Int, site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void
    ) -> any Cancellable {
        self.completion = completion
        return CancelAction {}
    }

    nonisolated func answers(
        questionID: Int, site: String, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Answer>, APIError>) -> Void
    ) -> any Cancellable {
        CancelAction {}
    }

    func deliver(_ detail: QuestionDetail) { completion?(.success(detail)) }
}
