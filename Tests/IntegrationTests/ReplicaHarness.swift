import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Operations
import StackExchange
import StackExchangeReplica
import Synchronization

/// One replica on an ephemeral loopback port and a client pointed at it, with its own queues.
///
/// Each test makes its own harness, so no test sees another's requests, faults or backoff state.
struct ReplicaHarness {
    let replica: ReplicaServer
    let queues: QueueManager
    let client: StackExchangeClient
    let questions: QuestionsDataManager
    let details: AnswersDataManager

    /// Starts the replica with `options` (its port forced to 0) and a client with fast retries.
    private static func start(
        _ options: ReplicaOptions, retryPolicy: RetryPolicy, clock: any PolicyClock, key: String?,
        deadline: TimeInterval, deadlineClock: any PolicyClock
    ) async throws -> ReplicaHarness {
        var options = options
        options.port = 0
        let replica = try await ReplicaServer.start(options)
        let queues = QueueManager()
        var configuration = BackendConfiguration(baseURL: replica.baseURL, site: "stackoverflow", key: key, timeout: 20)
        configuration.deadline = deadline
        // The rate limit has its own tests on a manual clock; here its spacing would only add real waiting.
        let client = StackExchangeClient(
            configuration: configuration, queues: queues, retryPolicy: retryPolicy,
            rateLimit: RateLimit(requestsPerSecond: 1_000, methodSpacing: 0), clock: clock, deadlineClock: deadlineClock)
        return ReplicaHarness(
            replica: replica, queues: queues, client: client,
            questions: QuestionsDataManager(client: client), details: AnswersDataManager(client: client))
    }

    /// Runs `body` against a fresh harness and stops it however `body` ends, before returning.
    static func with(
        _ options: ReplicaOptions = ReplicaOptions(),
        retryPolicy: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: 0.05),
        clock: any PolicyClock = SystemPolicyClock(), key: String? = nil, deadline: TimeInterval = 30,
        deadlineClock: any PolicyClock = SystemPolicyClock(),
        _ body: (ReplicaHarness) async throws -> Void
    ) async throws {
        let harness = try await start(
            options, retryPolicy: retryPolicy, clock: clock, key: key, deadline: deadline, deadlineClock: deadlineClock)
        do {
            try await body(harness)
        } catch {
            // The body's failure is the one to report; a failed shutdown after it would only hide it.
            try? await harness.stop()
            throw error
        }
        try await harness.stop()
    }

    /// Fetches one page through the data manager and waits for its completion.
    func page(_ query: QuestionsQuery, _ number: Int) async -> Result<Page<Question>, APIError> {
        await withCheckedContinuation { continuation in
            questions.questions(query, page: number, priority: .user) { result in
                continuation.resume(returning: result)
            }
        }
    }

    /// Fetches answers page `number` of a question and waits for the completion.
    func answers(_ questionID: Int, page number: Int) async -> Result<Page<Answer>, APIError> {
        await withCheckedContinuation { continuation in
            details.answers(questionID: questionID, site: "stackoverflow", page: number, priority: .user) { result in
                continuation.resume(returning: result)
            }
        }
    }

    /// Fetches one question with its answers and waits for the completion.
    func detail(_ questionID: Int) async -> Result<QuestionDetail, APIError> {
        await withCheckedContinuation { continuation in
            details.detail(questionID: questionID, site: "stackoverflow", priority: .user) { result in
                continuation.resume(returning: result)
            }
        }
    }

    /// Requests the replica saw for the `/questions` list method.
    var listRequestCount: Int { replica.requestCount(pathPrefix: "/2.3/questions") }

    func stop() async throws {
        queues.cancelAll()
        try await replica.shutdown()
    }
}

/// Records whether a completion ran, from whichever thread it ran on.
final class CompletionFlag: Sendable {
    private let state = Mutex(0)
    func mark() { state.withLock { $0 += 1 } }
    var count: Int { state.withLock { $0 } }
}

/// Holds the result a completion delivered, for a test to poll.
final class ResultBox<Value: Sendable>: Sendable {
    private let state = Mutex<Result<Value, APIError>?>(nil)
    func set(_ result: Result<Value, APIError>) { state.withLock { $0 = result } }
    var value: Result<Value, APIError>? { state.withLock { $0 } }
}

/// Sends one GET straight to the replica, bypassing every client policy (the negative controls use it).
func rawGet(_ url: URL) async throws -> (status: Int, body: String) {
    let (data, response) = try await URLSession.shared.data(from: url)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
}
