import Foundation
import Operations
import TestSupport
import Testing
@testable import StackExchange

/// What goes on the wire and what the observer hears.
struct ClientTests {
    @Test func requestsCarryHeadersAndTheObserverNeverSeesTheKey() async throws {
        let log = EventLog()
        let server = StubServer { _, _ in .respond(status: 200, body: Body.questions([1])) }
        let manager = QuestionsDataManager(client: makeClient(server, key: "k3y", log: log))
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(tags: ["a", "b"]), page: 1, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 1 })
        let arrival = try #require(server.arrivals.first)
        #expect(arrival.url.query?.contains("key=k3y") == true)
        #expect(arrival.url.query?.contains("tagged=a%3Bb") == true)
        #expect(arrival.headers["User-Agent"] == "stackterm/\(StacktermVersion.current)")
        #expect(await eventually { log.all.count == 2 })
        #expect(log.all.map(\.kind) == ["start", "end"])
        #expect(log.all.first?.path == "/questions")
        #expect(log.all.last?.outcome == .ok && log.all.last?.status == 200)
        #expect(!log.all.contains { $0.path?.contains("k3y") == true })
        #expect(manager.client.quotaRemaining == 9000)
    }

    @Test func operationsHaveNames() {
        let server = StubServer { _, _ in .respond(status: 200, body: Body.questions([])) }
        let client = makeClient(server)
        let list = QuestionsRetrievalOperation(client: client, query: QuestionsQuery(), page: 2)
        #expect(list.name == "questions stackoverflow activity p2")
        #expect(list.request is QuestionsListRequest)
        // One operation for both: the query decides the request.
        let search = QuestionsRetrievalOperation(client: client, query: QuestionsQuery(searchText: "swift"), page: 1)
        #expect(search.name == "search stackoverflow \"swift\" p1")
        #expect(search.request is SearchRequest)
        let detail = QuestionDetailRetrievalOperation(client: client, questionID: 9, site: "superuser")
        #expect(detail.name == "detail superuser 9")
    }
}
