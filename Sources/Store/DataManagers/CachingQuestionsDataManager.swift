public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
public import Operations
public import StackExchange
public import StorePorts
import Synchronization

/// The questions door with the cache behind it: every page the network brings is filed in the store, and the
/// last copy of a page can be read at once for stale-while-revalidate.
///
/// With no network manager (`--offline`), a site imported from a data dump is read from its copy (every sort, tags,
/// paging, and a search through the local index); every other request fails at once as offline and nothing is sent.
public final class CachingQuestionsDataManager: QuestionsDataManaging, QuestionListCaching {
    let network: (any QuestionsDataManaging)?
    public let cache: QuestionCache
    /// The API host (without its port) the entries are filed under.
    public let host: String
    /// The imported sites, read when there is no network.
    let imported: ImportedSiteLibrary?

    public init(network: (any QuestionsDataManaging)?, cache: QuestionCache, host: String, imported: ImportedSiteLibrary? = nil) {
        self.network = network
        self.cache = cache
        self.host = host
        self.imported = imported
    }

    @discardableResult
    public func questions(
        _ query: QuestionsQuery, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable {
        if query.searchesStore || (network == nil && query.searchText != nil) {
            return searchStore(query, page: page, completion: completion)
        }
        guard let network else {
            if let imported, let answered = ImportedSiteAnswers.questions(query, page: page, library: imported, completion: completion) {
                return answered
            }
            return Self.failOffline(completion)
        }
        let cache = cache
        let key = CacheKey(host: host, query: query, page: page)
        return network.questions(query, page: page, priority: priority) { result in
            if case .success(let received) = result { cache.save(received, key: key) }
            completion(result)
        }
    }

    public func cachedQuestions(_ query: QuestionsQuery, page: Int) -> Cached<Page<Question>>? {
        if let ahead = readingAhead.withLock({ reading -> MadeAside<Cached<Page<Question>>?>? in
            guard let found = reading, found.query == query, found.page == page else { return nil }
            reading = nil
            return found.copy
        }) {
            return ahead.value
        }
        return read(query, page: page)
    }

    /// The page read ahead (`readAhead`), until it is taken.
    private let readingAhead = Mutex<(query: QuestionsQuery, page: Int, copy: MadeAside<Cached<Page<Question>>?>)?>(nil)

    /// Starts reading `page` of `query` on a thread of its own; the next `cachedQuestions` of it takes that copy,
    /// waiting for it if it is still being read. At launch the first list page is read this way while curses
    /// starts (`BrowserController.readFirstPageAhead`); nothing writes to the store before that frame.
    public func readAhead(_ query: QuestionsQuery, page: Int) {
        _ = startReadingAhead(query, page: page)
    }

    /// `readAhead`, handing back the copy being read (tests wait for it, on the thread that reads next).
    func startReadingAhead(_ query: QuestionsQuery, page: Int) -> MadeAside<Cached<Page<Question>>?> {
        let copy = MadeAside { [self] in read(query, page: page, onTheWriter: true) }
        readingAhead.withLock { $0 = (query, page, copy) }
        return copy
    }

    /// `onTheWriter`: the launch's read ahead, made while nothing writes (`QuestionCache.listPage(_:onTheWriter:)`).
    private func read(_ query: QuestionsQuery, page: Int, onTheWriter: Bool = false) -> Cached<Page<Question>>? {
        // A search of the store is answered from the store at once: it has no older copy to show first.
        guard !query.searchesStore else { return nil }
        // The list draws rows: their columns are read, no question's body (a detail reads its own).
        return cache.listPage(CacheKey(host: host, query: query, page: page), onTheWriter: onTheWriter)
    }

    /// A search of the local store (`StoreSearch`, the shell's `--offline` too): an imported copy of the query's site
    /// answers from its own index, else the cache's index of what was seen from this host. Nothing is sent; it is
    /// delivered as the network's is.
    func searchStore(
        _ query: QuestionsQuery, page: Int,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable {
        let delivery = PendingDelivery<Page<Question>>(completion)
        if let found = StoreSearch(cache: cache, host: host, imported: imported).page(query, page: page) {
            delivery.deliver(.success(found))
        } else {
            delivery.deliver(.failure(.missingData("the store is off, so there is nothing to search")))
        }
        return delivery
    }

    public func takeStoreNotice() -> String? { imported?.takeNotice() ?? cache.takeNotice() }

    /// The error an `--offline` run answers every request with.
    public static let offlineError = APIError.transport(URLError(.notConnectedToInternet))

    /// Delivers `offlineError` on the main queue without sending anything.
    static func failOffline<Value: Sendable>(
        _ completion: @escaping @MainActor @Sendable (Result<Value, APIError>) -> Void
    ) -> any Cancellable {
        let delivery = PendingDelivery<Value>(completion)
        delivery.deliver(.failure(offlineError))
        return delivery
    }
}
