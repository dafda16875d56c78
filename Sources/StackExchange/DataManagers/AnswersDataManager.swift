import Foundation
public import Operations

/// The UI's source of a question's detail (body and answers): builds, coalesces and schedules detail operations.
///
/// Identical requests in flight share one operation; completions run on the main queue, never after the
/// caller cancelled; a result goes from the thread its operation finished on to the main queue in one hop.
public final class AnswersDataManager: QuestionDetailDataManaging {
    public let client: StackExchangeClient
    /// The filter that makes a detail one request; nil asks every detail in two.
    public let embeddedAnswers: EmbeddedAnswersFilter?
    private let coalescer = RequestCoalescer<QuestionDetail>()
    private let pageCoalescer = RequestCoalescer<Page<Answer>>()

    public init(client: StackExchangeClient, embeddedAnswers: EmbeddedAnswersFilter? = nil) {
        self.client = client
        self.embeddedAnswers = embeddedAnswers
    }

    /// Requests in flight (for tests and diagnostics).
    public var inFlightCount: Int { coalescer.inFlightCount }

    @discardableResult
    public func detail(
        questionID: Int, site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void
    ) -> any Cancellable {
        let configuration = client.configuration
        let key: String
        do {
            let question = try QuestionsByIDsRequest(ids: [questionID], site: site).urlRequest(configuration: configuration)
            let answers = try AnswersRequest(questionIDs: [questionID], site: site).urlRequest(configuration: configuration)
            key = "detail " + (question.url?.absoluteString ?? "") + " " + (answers.url?.absoluteString ?? "")
        } catch {
            return QuestionsDataManager.fail(error.apiError, completion)
        }
        // Signed in, the sign-in's filter (the person's votes) replaces `withbody`, which the embedding filter lacks.
        let embedding = client.requestConfiguration.sendableAccessToken == nil ? embeddedAnswers : nil
        let filter = embedding?.name
        return coalescer.join(key: key, priority: priority, completion: completion) { deliver in
            let operation = QuestionDetailRetrievalOperation(
                client: client, questionID: questionID, site: site, priority: priority, embeddingFilter: filter,
                filterRefused: { embedding?.refused($0) }, completionQueue: nil
            ) { [client] result in
                // Once a detail is in (never beside it), the filter is made for the next ones if none is kept.
                if case .success = result { embedding?.makeIfNeeded(with: client) }
                deliver(result.mapError { $0 as? APIError ?? .decoding("\($0)") })
            }
            // Cancelled from outside (cancelAll, a group): the callers still waiting hear it, and the entry goes.
            operation.setCancellationHandler { deliver(.failure(.cancelled)) }
            return operation
        } schedule: { operation in
            operation.enqueue()
        }
    }

    @discardableResult
    public func answers(
        questionID: Int, site: String, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Answer>, APIError>) -> Void
    ) -> any Cancellable {
        let request = AnswersRequest(questionIDs: [questionID], site: site, page: page)
        let key: String
        do {
            key = try request.url(configuration: client.configuration).absoluteString
        } catch {
            return QuestionsDataManager.fail(error.apiError, completion)
        }
        return pageCoalescer.join(key: key, priority: priority, completion: completion) { deliver in
            let operation = APIRequestOperation<Answer>(
                client: client, request: request, priority: priority, name: "answers \(site) \(questionID) p\(page)",
                completionQueue: nil)
            operation.setCompletionHandler { result in
                deliver(result.mapError { $0 as? APIError ?? .decoding("\($0)") })
            }
            operation.setCancellationHandler { deliver(.failure(.cancelled)) }
            return operation
        } schedule: { operation in
            operation.enqueue()
        }
    }
}
