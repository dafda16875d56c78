import Operations
import StackExchange
import Synchronization

/// A questions data manager that records each request and lets the test deliver its result later, in any order.
final class StubQuestions: QuestionsDataManaging {
    /// One recorded request: what was asked, its handle, and the completion to call.
    struct Request: Sendable {
        var query: QuestionsQuery
        var page: Int
        var priority: RequestPriority
        var handle: StubCancellable
        var completion: @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void

        /// Calls the completion, as the real data manager would on the main queue, even if cancelled.
        @MainActor func deliver(_ result: Result<Page<Question>, APIError>) { completion(result) }
    }

    private let recorded = Mutex<[Request]>([])

    var requests: [Request] { recorded.withLock { $0 } }

    func questions(
        _ query: QuestionsQuery, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable {
        let handle = StubCancellable()
        recorded.withLock {
            $0.append(Request(query: query, page: page, priority: priority, handle: handle, completion: completion))
        }
        return handle
    }
}
