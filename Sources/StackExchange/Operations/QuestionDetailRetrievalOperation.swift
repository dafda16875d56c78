public import Foundation
public import Operations
import Synchronization

/// Retrieves a question with its body and its answers (best first): two requests in parallel, one result.
///
/// Named like "detail stackoverflow 11227809". If either request fails, the other is cancelled and the
/// failure delivered; a question id the API does not return fails with `APIError.missingData`.
public final class QuestionDetailRetrievalOperation: ConcurrentOperation<QuestionDetail>, @unchecked Sendable {
    // @unchecked Sendable: the mutable state (the two performers and the partial results) sits in one Mutex.

    /// The two requests and whatever each has delivered so far.
    private struct State {
        var question: RequestPerformer<Question>?
        var answers: RequestPerformer<Answer>?
        var questionPage: Page<Question>?
        var answersPage: Page<Answer>?
        var done = false
    }

    public let client: StackExchangeClient
    public let questionID: Int
    public let site: String
    public let priority: RequestPriority
    /// The question with its body.
    public let questionRequest: QuestionsByIDsRequest
    /// Its answers with bodies, sorted by votes.
    public let answersRequest: AnswersRequest
    private let state = Mutex(State())

    public init(
        client: StackExchangeClient, questionID: Int, site: String, priority: RequestPriority = .user,
        completionQueue: DispatchQueue? = .main, completion: CompletionHandler? = nil
    ) {
        self.client = client
        self.questionID = questionID
        self.site = site
        self.priority = priority
        self.questionRequest = QuestionsByIDsRequest(ids: [questionID], site: site)
        self.answersRequest = AnswersRequest(questionIDs: [questionID], site: site)
        super.init(name: "detail \(site) \(questionID)", completionQueue: completionQueue, completion: completion)
    }

    /// The API methods this operation calls (for the backoff gate).
    public var methodKeys: [String] { [questionRequest.methodKey, answersRequest.methodKey] }

    /// Enqueues this operation on its client's queues, held back while either method is in backoff.
    public func enqueue(group: CancellationGroup? = nil) {
        client.enqueue(self, methodKeys: methodKeys, priority: priority, group: group)
    }

    public override func execute() {
        let question = RequestPerformer<Question>(client: client, request: questionRequest, priority: priority)
        let answers = RequestPerformer<Answer>(client: client, request: answersRequest, priority: priority)
        state.withLock {
            $0.question = question
            $0.answers = answers
        }
        if isCancelRequested {
            cancelWork()
            return
        }
        question.start { [weak self] result in
            self?.received { state in
                switch result {
                case .success(let page): state.questionPage = page; return nil
                case .failure(let error): return error
                }
            }
        }
        answers.start { [weak self] result in
            self?.received { state in
                switch result {
                case .success(let page): state.answersPage = page; return nil
                case .failure(let error): return error
                }
            }
        }
    }

    public override func cancelWork() {
        let (question, answers) = state.withLock { ($0.question, $0.answers) }
        question?.cancel()
        answers?.cancel()
    }

    /// Folds one request's outcome in; completes on the first failure or when both pages are in.
    private func received(_ apply: (inout State) -> APIError?) {
        /// What to do after folding in one outcome.
        enum Next { case wait, fail(APIError), succeed(Page<Question>, Page<Answer>) }
        let next = state.withLock { state -> Next in
            guard !state.done else { return .wait }
            if let error = apply(&state) {
                state.done = true
                return .fail(error)
            }
            guard let questions = state.questionPage, let answers = state.answersPage else { return .wait }
            state.done = true
            return .succeed(questions, answers)
        }
        switch next {
        case .wait:
            return
        case .fail(let error):
            cancelWork()
            complete(.failure(error))
        case .succeed(let questions, let answers):
            complete(assemble(questions, answers).mapError { $0 })
        }
    }

    private func assemble(_ questions: Page<Question>, _ answers: Page<Answer>) -> Result<QuestionDetail, APIError> {
        guard let question = questions.items.first(where: { $0.questionID == questionID }) else {
            return .failure(.missingData("question \(questionID) not found on \(site)"))
        }
        let quotas = [questions.quotaRemaining, answers.quotaRemaining].compactMap { $0 }
        // The API already sorts by votes; keep its order.
        let sorted = answers.items.filter { $0.questionID == questionID }
        return .success(QuestionDetail(
            question: question, answers: sorted, quotaRemaining: quotas.min(), answersHaveMore: answers.hasMore))
    }
}
