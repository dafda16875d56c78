public import Operations
public import StackExchange
public import StorePorts

/// The detail door with the cache behind it: every detail the network brings is filed in the store.
///
/// A question of an imported site opens from its copy when the cache has none (and, with no network, is answered
/// from it); online, the network's answer then refreshes it, as for a cached question.
public final class CachingDetailDataManager: QuestionDetailDataManaging, QuestionDetailCaching {
    let network: (any QuestionDetailDataManaging)?
    public let cache: QuestionCache
    public let host: String
    let imported: ImportedSiteLibrary?

    public init(network: (any QuestionDetailDataManaging)?, cache: QuestionCache, host: String, imported: ImportedSiteLibrary? = nil) {
        self.network = network
        self.cache = cache
        self.host = host
        self.imported = imported
    }

    @discardableResult
    public func detail(
        questionID: Int, site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void
    ) -> any Cancellable {
        guard let network else {
            if let imported,
               let answered = ImportedSiteAnswers.detail(questionID: questionID, site: site, library: imported, completion: completion) {
                return answered
            }
            return CachingQuestionsDataManager.failOffline(completion)
        }
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
        if let cached = cache.detail(host: host, site: site, questionID: questionID) { return cached }
        guard let copy = imported?.site(site), let detail = copy.detail(questionID: questionID) else { return nil }
        return Cached(value: detail, fetchedAt: copy.dumpDate)
    }
}
