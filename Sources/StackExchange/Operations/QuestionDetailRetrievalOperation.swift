public import Foundation
public import Operations
import Synchronization

/// Retrieves a question with its body and its answers (best first): one request when a filter that embeds the answers
/// is known (`EmbeddedAnswersFilter`), else two in parallel; one result either way.
///
/// Named like "detail stackoverflow 11227809". If either request fails, the other is cancelled and the
/// failure delivered; a question id the API does not return fails with `APIError.missingData`.
///
/// With the embedding filter, the question's answers come inside it: the first `AnswersRequest` page's worth (best
/// first, as `/questions/{id}/answers?sort=votes` orders them) is the detail's first page, and `answersHaveMore` says
/// whether there are more, so paging goes on with `/questions/{id}/answers` page 2 as before. Should the API embed fewer
/// answers than the question counts, the first page is asked for after all. A filter the API refuses
/// (`bad_parameter: filter`) is reported through `filterRefused` and the detail asked in two requests.
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
    /// The question with its body and its answers in it, when a filter that embeds them is known.
    public let embeddingRequest: QuestionsByIDsRequest?
    /// Told the embedding filter's name when the API refused it.
    private let filterRefused: (@Sendable (String) -> Void)?
    private let state = Mutex(State())

    public init(
        client: StackExchangeClient, questionID: Int, site: String, priority: RequestPriority = .user,
        embeddingFilter: String? = nil, filterRefused: (@Sendable (String) -> Void)? = nil,
        completionQueue: DispatchQueue? = .main, completion: CompletionHandler? = nil
    ) {
        self.client = client
        self.questionID = questionID
        self.site = site
        self.priority = priority
        self.questionRequest = QuestionsByIDsRequest(ids: [questionID], site: site)
        self.answersRequest = AnswersRequest(questionIDs: [questionID], site: site)
        self.embeddingRequest = embeddingFilter.map { QuestionsByIDsRequest(ids: [questionID], site: site, filter: $0) }
        self.filterRefused = filterRefused
        super.init(name: "detail \(site) \(questionID)", completionQueue: completionQueue, completion: completion)
    }

    /// The API methods this operation calls (for the backoff gate).
    public var methodKeys: [String] { [questionRequest.methodKey, answersRequest.methodKey] }

    /// Enqueues this operation on its client's queues, held back while either method is in backoff.
    public func enqueue(group: CancellationGroup? = nil) {
        client.enqueue(self, methodKeys: methodKeys, priority: priority, group: group)
    }

    public override func execute() {
        if let embeddingRequest {
            askEmbedding(embeddingRequest)
        } else {
            askQuestion(questionRequest)
            askAnswers()
        }
    }

    /// The one request of the embedding filter; what it lacks is asked for after it.
    private func askEmbedding(_ request: QuestionsByIDsRequest) {
        startQuestion(request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(.stackExchange(400, "bad_parameter", let message)) where message.contains("filter"):
                filterRefused?(request.filter)
                guard !isCancelRequested else { return }
                askQuestion(questionRequest)
                askAnswers()
            case .failure(let error):
                received { _ in error }
            case .success(let page):
                let question = page.items.first { $0.questionID == questionID }
                // A missing question has no answers to ask for: `assemble` reports it.
                let embedded = question.map { Self.firstPage(embeddedIn: $0) } ?? Page(items: [], hasMore: false)
                if var embedded {
                    embedded.quotaRemaining = page.quotaRemaining
                    received { state in
                        state.questionPage = page
                        state.answersPage = embedded
                        return nil
                    }
                } else {
                    // Its answers are not all in it: their first page, after it.
                    received { state in
                        state.questionPage = page
                        return nil
                    }
                    guard !isCancelRequested else { return }
                    askAnswers()
                }
            }
        }
    }

    /// The first page of `question`'s answers as `AnswersRequest` would give it, when the API embedded all of them
    /// (as many as it counts); nil when it did not.
    static func firstPage(embeddedIn question: Question) -> Page<Answer>? {
        let answers = question.answers ?? []
        guard answers.count >= question.answerCount else { return nil }
        // `sort=votes&order=desc`; equal scores newest answer first, as the replica orders them (the API leaves it open).
        let best = answers.sorted { $0.score != $1.score ? $0.score > $1.score : $0.answerID > $1.answerID }
        let size = AnswersRequest(questionIDs: [question.questionID]).pageSize
        return Page(items: Array(best.prefix(size)), hasMore: best.count > size)
    }

    private func askQuestion(_ request: QuestionsByIDsRequest) {
        startQuestion(request) { [weak self] result in
            self?.received { state in
                switch result {
                case .success(let page): state.questionPage = page; return nil
                case .failure(let error): return error
                }
            }
        }
    }

    /// Sends `request` as the question's performer (kept for `cancelWork`), unless a cancel came first.
    private func startQuestion(
        _ request: QuestionsByIDsRequest, _ completion: @escaping RequestPerformer<Question>.Completion
    ) {
        let question = RequestPerformer<Question>(client: client, request: request, priority: priority)
        state.withLock { $0.question = question }
        if isCancelRequested {
            cancelWork()
            return
        }
        question.start(completion: completion)
    }

    private func askAnswers() {
        let answers = RequestPerformer<Answer>(client: client, request: answersRequest, priority: priority)
        state.withLock { $0.answers = answers }
        if isCancelRequested {
            cancelWork()
            return
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
        guard var question = questions.items.first(where: { $0.questionID == questionID }) else {
            return .failure(.missingData("question \(questionID) not found on \(site)"))
        }
        // Embedded answers are the detail's `answers`, not kept twice.
        question.answers = nil
        let quotas = [questions.quotaRemaining, answers.quotaRemaining].compactMap { $0 }
        // The API already sorts by votes; keep its order.
        let sorted = answers.items.filter { $0.questionID == questionID }
        return .success(QuestionDetail(
            question: question, answers: sorted, quotaRemaining: quotas.min(), answersHaveMore: answers.hasMore))
    }
}
