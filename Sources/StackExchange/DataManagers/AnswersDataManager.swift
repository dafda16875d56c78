import Foundation
public import Operations

/// The UI's source of a question's detail (body and answers): builds and schedules detail operations.
///
/// Each call is a request of its own (the browser's `RequestLedger` joins identical ones before they get here), with a
/// handle that cancels it (`OperationHandle`); completions run on the main queue, never after the caller cancelled; a
/// result goes from the thread its operation finished on to the main queue in one hop.
public final class AnswersDataManager: QuestionDetailDataManaging {
    public let client: StackExchangeClient
    /// The filter that makes a detail one request; nil asks every detail in two.
    public let embeddedAnswers: EmbeddedAnswersFilter?

    public init(client: StackExchangeClient, embeddedAnswers: EmbeddedAnswersFilter? = nil) {
        self.client = client
        self.embeddedAnswers = embeddedAnswers
    }

    @discardableResult
    public func detail(
        questionID: Int, site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void
    ) -> any Cancellable {
        let configuration = client.configuration
        do {
            _ = try QuestionsByIDsRequest(ids: [questionID], site: site).urlRequest(configuration: configuration)
            _ = try AnswersRequest(questionIDs: [questionID], site: site).urlRequest(configuration: configuration)
        } catch {
            return QuestionsDataManager.fail(error.apiError, completion)
        }
        // Signed in, the sign-in's filter (the person's votes) replaces `withbody`, which the embedding filter lacks.
        let embedding = client.requestConfiguration.sendableAccessToken == nil ? embeddedAnswers : nil
        let delivery = PendingDelivery<QuestionDetail>(completion)
        let operation = QuestionDetailRetrievalOperation(
            client: client, questionID: questionID, site: site, priority: priority, embeddingFilter: embedding?.name,
            filterRefused: { embedding?.refused($0) }, completionQueue: nil
        ) { [client] result in
            // Once a detail is in (never beside it), the filter is made for the next ones if none is kept.
            if case .success = result { embedding?.makeIfNeeded(with: client) }
            delivery.deliver(result.mapError { $0 as? APIError ?? .decoding("\($0)") })
        }
        operation.setCancellationHandler { delivery.deliver(.failure(.cancelled)) }
        operation.enqueue()
        return OperationHandle(operation: operation, delivery: delivery)
    }

    @discardableResult
    public func answers(
        questionID: Int, site: String, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Answer>, APIError>) -> Void
    ) -> any Cancellable {
        let request = AnswersRequest(questionIDs: [questionID], site: site, page: page)
        do {
            _ = try request.url(configuration: client.configuration)
        } catch {
            return QuestionsDataManager.fail(error.apiError, completion)
        }
        let delivery = PendingDelivery<Page<Answer>>(completion)
        let operation = APIRequestOperation<Answer>(
            client: client, request: request, priority: priority, name: "answers \(site) \(questionID) p\(page)",
            completionQueue: nil)
        operation.setCompletionHandler { result in
            delivery.deliver(result.mapError { $0 as? APIError ?? .decoding("\($0)") })
        }
        operation.setCancellationHandler { delivery.deliver(.failure(.cancelled)) }
        operation.enqueue()
        return OperationHandle(operation: operation, delivery: delivery) { operation.raiseToUserPriority() }
    }
}
