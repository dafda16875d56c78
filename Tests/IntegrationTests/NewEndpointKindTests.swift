@testable import Browser
import Foundation
import Operations
import StackExchange
import StackExchangeReplica
import Synchronization
import TestSupport
import Testing

/// `GET /answers/{ids}` with only what `AnswerScoresKind` reads: an endpoint the replica serves and no browser kind
/// asks, defined here and nowhere in `Sources`.
struct AnswerScoresRequest: APIRequest, Hashable {
    var ids: [Int]
    var site: String

    var endpoint: String { "/answers/" + ids.map(String.init).joined(separator: ";") }
    var methodKey: String { "/answers/{ids}" }
    var parameters: [URLQueryItem] {
        [URLQueryItem(name: "site", value: site), URLQueryItem(name: "pagesize", value: String(ids.count))]
    }

    func validate() throws(RequestValidationError) {
        guard (1...100).contains(ids.count) else { throw RequestValidationError(parameter: "ids", reason: "1 to 100 ids") }
    }
}

/// What the kind decodes of each answer: its id and score, nothing else.
struct AnswerScore: Decodable, Sendable, Hashable {
    let answerID: Int
    let score: Int

    enum CodingKeys: String, CodingKey {
        case answerID = "answer_id"
        case score
    }
}

/// A kind of request with an endpoint of its own, whole in this file (ARCHITECTURE.md, "Adding a kind of request"):
/// its API request, its decoding (`AnswerScore`, then a table of scores by answer), its port (the client's generic
/// `BrowserPorts.api`), and where its reply goes. No data manager, protocol, port field or registration was added for it.
struct AnswerScoresKind: RequestKind {
    let siteName: String
    let answerIDs: [Int]

    var site: String? { siteName }

    @MainActor
    func send(
        through ports: BrowserPorts, lane: RequestPriority, now: Date, completion: @escaping RequestCompletion<[Int: Int]>
    ) -> any Cancellable {
        guard let api = ports.api else { return Self.unavailable(completion) }
        return api.perform(AnswerScoresRequest(ids: answerIDs, site: siteName), as: AnswerScore.self, priority: lane) {
            completion($0.map { Dictionary($0.items.map { ($0.answerID, $0.score) }, uniquingKeysWith: { first, _ in first }) })
        }
    }

    static func route(_ reply: Result<[Int: Int], APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel) -> [BrowserEffect] {
        // The one place the reply is taken: here the status bar says it.
        if case .success(let scores) = reply {
            model.state.notice = "scores " + scores.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        return []
    }
}

/// Opens nothing: no test here opens a link.
private struct NoOpener: URLOpening {
    func open(_ url: String, completion: @escaping @MainActor @Sendable (String?) -> Void) {
        Task { @MainActor in completion("no opener") }
    }
}

/// What the controller showed after each change it announced (`onChange`), readable off the main actor.
private final class Shown: Sendable {
    private let notices = Mutex<[String?]>([])

    @MainActor
    func watch(_ controller: BrowserController) {
        controller.onChange = { [unowned controller, self] in
            let notice = controller.state.notice
            notices.withLock { $0.append(notice) }
        }
    }

    var changes: Int { notices.withLock { $0.count } }
    var lastNotice: String? { notices.withLock { $0.last ?? nil } }
}

/// The generic API port, counting the requests it was asked for and the ones cancelled.
private final class CountingAPI: APIRequestPerforming {
    let api: any APIRequestPerforming
    private let counts = Mutex((performed: 0, cancelled: 0))

    init(_ api: any APIRequestPerforming) {
        self.api = api
    }

    var performed: Int { counts.withLock { $0.performed } }
    var cancelled: Int { counts.withLock { $0.cancelled } }

    func perform<Item: Decodable & Sendable>(
        _ request: any APIRequest, as item: Item.Type, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Item>, APIError>) -> Void
    ) -> any Cancellable {
        counts.withLock { $0.performed += 1 }
        let handle = api.perform(request, as: item, priority: priority, completion: completion)
        return CancelAction { [self] in
            counts.withLock { $0.cancelled += 1 }
            handle.cancel()
        }
    }
}

/// The test-only kind goes through the ledger, the controller's ports and the real client to the replica, and its
/// reply comes back through the model to the screen. The controller lives on the main actor; the test waits off it.
struct NewEndpointKindTests {
    /// Some answers of the replica's data, with their scores, read the way the browser reads a question's answers.
    private func someAnswers(_ harness: ReplicaHarness) async throws -> [Answer] {
        let questions = try await harness.page(QuestionsQuery(site: "stackoverflow", sort: .votes, pageSize: 30), 1).get()
        let answered = try #require(questions.items.first { $0.answerCount >= 2 })
        let answers = try await harness.answers(answered.questionID, page: 1).get().items
        return Array(answers.prefix(3))
    }

    @MainActor
    private static func controller(_ harness: ReplicaHarness, api: (any APIRequestPerforming)?) -> BrowserController {
        BrowserController(
            configuration: BrowserConfiguration(site: "stackoverflow"),
            ports: BrowserPorts(questions: harness.questions, details: harness.details, urlOpener: NoOpener(), api: api))
    }

    private func newEndpointRequests(_ harness: ReplicaHarness) -> [ReplicaLogEntry] {
        harness.replica.logEntries().filter { $0.path.hasPrefix("/2.3/answers/") }
    }

    @Test func aKindWithItsOwnEndpointIsSentThroughTheControllerAndRoutedToTheScreen() async throws {
        try await ReplicaHarness.with { harness in
            let answers = try await someAnswers(harness)
            #expect(answers.count >= 2)
            let kind = AnswerScoresKind(siteName: "stackoverflow", answerIDs: answers.map(\.answerID))
            let shown = Shown()
            let controller = await MainActor.run {
                let controller = Self.controller(harness, api: APIDataManager(client: harness.client))
                shown.watch(controller)
                let token = controller.issue(kind)
                #expect(controller.model.ledger.entries[token]?.purpose == AnswerScoresKind.ownPurpose)
                #expect(controller.cancellationHandles[token]?.count == 1, "the controller keeps the request's handle")
                return controller
            }
            let expected = "scores " + answers.sorted { $0.answerID < $1.answerID }
                .map { "\($0.answerID)=\($0.score)" }.joined(separator: " ")
            #expect(await eventually { shown.changes > 0 })
            #expect(shown.lastNotice == expected)
            await MainActor.run {
                #expect(controller.model.ledger.entries.isEmpty, "answered, the request left the ledger")
                #expect(controller.cancellationHandles.isEmpty)
                #expect(controller.render(width: 120, height: 30).text.contains(expected), "the status bar shows the reply")
            }
            let asked = newEndpointRequests(harness)
            #expect(asked.count == 1, "one request to the new endpoint")
            #expect(asked.first?.path == "/2.3/answers/" + answers.map { String($0.answerID) }.joined(separator: ";"))
            #expect(asked.first?.query["site"] == "stackoverflow" && asked.first?.status == 200)
        }
    }

    @Test func anIdenticalAskJoinsItAndQuittingCancelsItThroughItsPort() async throws {
        try await ReplicaHarness.with { harness in
            let answers = try await someAnswers(harness)
            let kind = AnswerScoresKind(siteName: "stackoverflow", answerIDs: answers.map(\.answerID))
            let api = CountingAPI(APIDataManager(client: harness.client))
            await MainActor.run {
                let controller = Self.controller(harness, api: api)
                let first = controller.issue(kind)
                #expect(controller.issue(kind) == first, "an identical ask joins the request in flight")
                #expect(api.performed == 1)
                controller.shutdown()
                #expect(api.cancelled == 1, "quitting cancels the request through the handle its port gave")
                #expect(controller.model.ledger.entries.isEmpty && controller.cancellationHandles.isEmpty)
            }
        }
    }

    @Test func withoutTheAPIPortTheKindFailsAndNothingIsSent() async throws {
        try await ReplicaHarness.with { harness in
            let answers = try await someAnswers(harness)
            let kind = AnswerScoresKind(siteName: "stackoverflow", answerIDs: answers.map(\.answerID))
            let shown = Shown()
            let controller = await MainActor.run {
                let controller = Self.controller(harness, api: nil)
                shown.watch(controller)
                controller.issue(kind)
                return controller
            }
            #expect(await eventually { shown.changes > 0 })
            await MainActor.run {
                #expect(controller.model.ledger.entries.isEmpty && controller.state.notice == nil)
            }
            #expect(newEndpointRequests(harness).isEmpty)
        }
    }
}
