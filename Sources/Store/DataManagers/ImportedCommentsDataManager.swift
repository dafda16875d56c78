public import Operations
public import StackExchange

/// The comments door with no network (`--offline`): the comments of an imported site's posts; any other site's
/// fail at once as offline.
public final class ImportedCommentsDataManager: CommentsDataManaging {
    let library: ImportedSiteLibrary

    public init(library: ImportedSiteLibrary) {
        self.library = library
    }

    @discardableResult
    public func comments(
        postIDs: [Int], site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<PostComment>, APIError>) -> Void
    ) -> any Cancellable {
        guard let imported = library.site(site) else { return CachingQuestionsDataManager.failOffline(completion) }
        let delivery = PendingDelivery<Page<PostComment>>(completion)
        delivery.deliver(.success(Page(items: imported.comments(postIDs: postIDs), hasMore: false)))
        return delivery
    }
}
