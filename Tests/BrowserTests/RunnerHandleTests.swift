@testable import Browser
import Foundation
import Operations
import StackExchange
import Synchronization
import Testing

/// The runner keeps a request's cancellation handle only while the model's ledger holds its token.
@MainActor
struct RunnerHandleTests {
    /// A questions source that answers before `questions(…)` returns, as a data manager with the page in memory may.
    final class AnsweringAtOnce: QuestionsDataManaging {
        let handles = StubHandles()

        func questions(
            _ query: QuestionsQuery, page: Int, priority: RequestPriority,
            completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
        ) -> any Cancellable {
            MainActor.assumeIsolated { completion(.success(Fixtures.page(Fixtures.questions(3), hasMore: true))) }
            return handles.make()
        }
    }

    /// The handles handed out, to see which were cancelled.
    final class StubHandles: Sendable {
        private let made = Mutex<[StubCancellable]>([])
        var all: [StubCancellable] { made.withLock { $0 } }
        func make() -> StubCancellable {
            let handle = StubCancellable()
            made.withLock { $0.append(handle) }
            return handle
        }
    }

    @Test func anAnswerBeforeSendReturnedLeavesNoHandleToCancelLater() throws {
        let questions = AnsweringAtOnce()
        let controller = BrowserController(
            configuration: BrowserConfiguration(),
            ports: BrowserPorts(questions: questions, details: StubDetails(), urlOpener: StubOpener()))
        controller.start()
        #expect(controller.state.list.rows.count == 3, "the answer was heard")
        #expect(controller.model.ledger.entries.isEmpty)
        #expect(controller.cancellationHandles.isEmpty, "the answered request's handle is let go")
        controller.shutdown()
        let handle = try #require(questions.handles.all.first)
        #expect(!handle.isCancelled, "an answered request is not cancelled on the way out")
    }

    @Test func aRequestInFlightIsCancelledThroughItsHandle() throws {
        let h = Harness()
        h.controller.start()
        let first = try #require(h.questions.requests.last)
        #expect(h.controller.cancellationHandles.count == 1)
        h.press(.escape)
        #expect(first.handle.isCancelled)
        #expect(h.controller.model.ledger.entries.isEmpty && h.controller.cancellationHandles.isEmpty)
    }
}
