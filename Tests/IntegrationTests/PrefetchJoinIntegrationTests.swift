@testable import Browser
import Foundation
import Operations
import StackExchange
import StackExchangeReplica
import Synchronization
import TestSupport
import Testing

/// Opens nothing: no test here opens a link.
private struct NoOpener: URLOpening {
    func open(_ url: String, completion: @escaping @MainActor @Sendable (String?) -> Void) {
        Task { @MainActor in completion("no opener") }
    }
}

/// Counts the hops to the main queue, then makes each as `.mainQueue` does.
private final class HopCounter: Sendable {
    private let count = Mutex(0)
    var hops: Int { count.withLock { $0 } }
    var hop: MainQueueHop {
        MainQueueHop { work in
            self.count.withLock { $0 += 1 }
            DispatchQueue.main.async(execute: work)
        }
    }
}

/// How many pages the list showed after each change the controller announced, readable off the main actor.
private final class PagesShown: Sendable {
    private let pages = Mutex(0)

    @MainActor
    func watch(_ controller: BrowserController) {
        controller.onChange = { [unowned controller, self] in
            let shown = controller.state.list.loadedPages
            pages.withLock { $0 = shown }
        }
    }

    var count: Int { pages.withLock { $0 } }
}

/// The person asks for the page the prefetch is loading: the browser's ledger joins the two and the runner raises the
/// one request through the handle it holds, so the replica sees the page asked once, the operation goes on at the
/// user's priority, and its answer reaches the main queue in one hop. The controller lives on the main actor; the test
/// waits off it.
struct PrefetchJoinIntegrationTests {
    @Test func askingForThePrefetchedPageRaisesTheOneRequestInFlight() async throws {
        try await ReplicaHarness.with { harness in
            let hops = HopCounter()
            let questions = QuestionsDataManager(client: harness.client, hop: hops.hop)
            let shown = PagesShown()
            let controller = await MainActor.run {
                let controller = BrowserController(
                    configuration: BrowserConfiguration(site: "stackoverflow"),
                    ports: BrowserPorts(questions: questions, details: harness.details, urlOpener: NoOpener()))
                controller.resize(width: 80, height: 24)
                controller.prefetchDistance = 3
                shown.watch(controller)
                controller.start()
                return controller
            }
            #expect(await eventually { shown.count >= 1 })
            // Slow answers from here on, so the prefetch is still on its way when the person asks for its page.
            harness.replica.setLatency(milliseconds: 1_500)
            let prefetched = await MainActor.run { () -> (token: RequestToken, page: Int)? in
                controller.handle(.end)
                guard let entry = controller.model.ledger.entries.values.first(where: { $0.lane == .background && $0.request.is(BrowserRequest.Questions.self) }),
                      let page = entry.request.as(BrowserRequest.Questions.self)?.page
                else { return nil }
                return (entry.token, page)
            }
            let (token, page) = try #require(prefetched, "End near the end prefetches the next page")
            await MainActor.run {
                controller.handle(.character("n"))
                #expect(controller.model.ledger.entries.count == 1, "the person's load joined the prefetch")
                #expect(controller.model.ledger.entries[token]?.lane == .user)
                #expect(controller.cancellationHandles[token]?.count == 1, "raised through its handle, not asked again")
            }
            let operations = (harness.queues.userQueue.operations + harness.queues.backgroundQueue.operations)
                .compactMap { $0 as? QuestionsRetrievalOperation }
            #expect(operations.count == 1)
            #expect(operations.first?.effectivePriority == .user, "the operation in flight goes on at the user's priority")
            #expect(await eventually { shown.count == page })
            let asked = harness.replica.logEntries().filter { $0.path == "/2.3/questions" && $0.query["page"] == String(page) }
            #expect(asked.count == 1, "page \(page), wanted twice, reached the replica once")
            #expect(hops.hops == page, "each page's answer reached the main queue in one hop")
        }
    }
}
