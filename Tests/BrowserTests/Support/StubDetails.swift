import Operations
import StackExchange
import Synchronization

/// A detail data manager that records each request and lets the test deliver its result later.
final class StubDetails: QuestionDetailDataManaging {
    /// One recorded request: which question, its handle, and the completion to call.
    struct Request: Sendable {
        var questionID: Int
        var site: String
        var priority: RequestPriority
        var handle: StubCancellable
        var completion: @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void

        /// Calls the completion, even if the request was cancelled (a late delivery).
        @MainActor func deliver(_ result: Result<QuestionDetail, APIError>) { completion(result) }
    }

    /// One recorded answers page request.
    struct AnswersRequest: Sendable {
        var questionID: Int
        var site: String = ""
        var page: Int
        var handle: StubCancellable
        var completion: @MainActor @Sendable (Result<Page<Answer>, APIError>) -> Void

        @MainActor func deliver(_ result: Result<Page<Answer>, APIError>) { completion(result) }
    }

    private let recorded = Mutex<[Request]>([])
    private let recordedAnswers = Mutex<[AnswersRequest]>([])

    var requests: [Request] { recorded.withLock { $0 } }
    var answersRequests: [AnswersRequest] { recordedAnswers.withLock { $0 } }

    func answers(
        questionID: Int, site: String, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Answer>, APIError>) -> Void
    ) -> any Cancellable {
        let handle = StubCancellable()
        recordedAnswers.withLock {
            $0.append(AnswersRequest(questionID: questionID, page: page, handle: handle, completion: completion))
        }
        return handle
    }

    func detail(
        questionID: Int, site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void
    ) -> any Cancellable {
        let handle = StubCancellable()
        recorded.withLock {
            $0.append(Request(questionID: questionID, site: site, priority: priority, handle: handle, completion: completion))
        }
        return handle
    }
}
