import Foundation
import Operations
import StackExchange
@testable import Store
import SyntheticDump
import Synchronization
import Testing

/// A search of the store through the questions door (issue 29): online or not, nothing reaches the network; an
/// imported site answers from its index, every other site from the cache's, each row with its snippet.
@MainActor
struct StoreSearchDataManagerTests {
    /// A network door that only counts what reaches it.
    final class CountingNetwork: QuestionsDataManaging {
        let calls = Mutex(0)
        func questions(
            _ query: QuestionsQuery, page: Int, priority: RequestPriority,
            completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
        ) -> any Cancellable {
            calls.withLock { $0 += 1 }
            return CancelAction {}
        }
    }

    @Test func aStoreSearchIsAnsweredByTheImportedSiteOrTheCacheAndNeverSent() async throws {
        let dump = try DumpFixture(posts: 300, seed: 5)
        try dump.importDump()
        let queues = QueueManager()
        let cache = QuestionCache(paths: dump.paths, queues: queues)
        _ = cache.isAvailable
        queues.waitUntilAllOperationsAreFinished()
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let question = Question(questionID: 7, title: "Quoting in awk", tags: ["awk"], score: 1, answerCount: 0,
                                creationDate: date, body: "<p>the okapi field</p>")
        cache.write(QuestionDetail(question: question, answers: []), host: "h", site: "unix", at: date)
        let network = CountingNetwork()
        let manager = CachingQuestionsDataManager(network: network, cache: cache, host: "h", imported: ImportedSiteLibrary(paths: dump.paths))
        func page(_ query: QuestionsQuery) async throws -> Page<Question> {
            try await withCheckedContinuation { continuation in
                manager.questions(query, page: 1, priority: .user) { continuation.resume(returning: $0) }
            }.get()
        }
        var imported = QuestionsQuery(site: "vi", searchText: "xylophone")
        imported.searchesStore = true
        let fromDump = try await page(imported)
        #expect(fromDump.items.map(\.questionID) == [PlantedPosts.questionID])
        #expect(fromDump.snippets[PlantedPosts.questionID]?.marked.contains("[xylophone]") == true)
        var cached = QuestionsQuery(site: "unix", searchText: "okapi")
        cached.searchesStore = true
        let fromCache = try await page(cached)
        #expect(fromCache.items.map(\.questionID) == [7])
        #expect(fromCache.snippets[7]?.marked.contains("[okapi]") == true)
        #expect(manager.cachedQuestions(cached, page: 1) == nil, "nothing older to show first")
        #expect(network.calls.withLock { $0 } == 0, "a search of the store is never sent")
        // The same words as a live search go to the network.
        manager.questions(QuestionsQuery(site: "unix", searchText: "okapi"), page: 1, priority: .user) { _ in }
        #expect(network.calls.withLock { $0 } == 1)
    }
}
