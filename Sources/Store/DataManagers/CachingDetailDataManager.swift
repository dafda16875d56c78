public import Operations
public import StackExchange
public import StorePorts

/// The detail door with the cache behind it: every detail the network brings is filed in the store.
public final class CachingDetailDataManager: QuestionDetailDataManaging, QuestionDetailCaching {
    let network: (any QuestionDetailDataManaging)?
    public let cache: QuestionCache
    public let host: String

    public init(network: (any QuestionDetailDataManaging)?, cache: QuestionCache, host: String) {
        self.network = network
        self.cache = cache
        self.host = host
    }

    @discardableResult
    public func detail(
        questionID: Int, site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void
    ) -> any Cancellable {
        guard let network else { return CachingQuestionsDataManager.failOffline(completion) }
        let cache = cache
        let host = host
        return network.detail(questionID: questionID, site: site, priority: priority) { result in
            if case .success(let detail) = result { cache.save(detail, host: host, site: site) }
            completion(result)
        }
    }

    /// Answers past the first hundred come from the network only (the stored detail holds the first page).
    @discardableResult
    public func answers(
        questionID: Int, site: String, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Answer>, APIError>) -> Void
    ) -> any Cancellable {
        guard let network else { return CachingQuestionsDataManager.failOffline(completion) }
        return network.answers(questionID: questionID, site: site, page: page, priority: priority, completion: completion)
    }

    public func cachedDetail(questionID: Int, site: String) -> Cached<QuestionDetail>? {
        cache.detail(host: host, site: site, questionID: questionID)
    }
}
