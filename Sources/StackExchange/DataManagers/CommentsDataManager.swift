import Foundation
public import Operations

/// The UI's source of comments: one operation reads `/posts/{ids}/comments` for every batch of 100 ids, all pages.
///
/// Comments are fetched only when asked for (the person pressed `c`), never prefetched.
public final class CommentsDataManager: CommentsDataManaging {
    public let client: StackExchangeClient

    public init(client: StackExchangeClient) {
        self.client = client
    }

    @discardableResult
    public func comments(
        postIDs: [Int], site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<PostComment>, APIError>) -> Void
    ) -> any Cancellable {
        let delivery = PendingDelivery<Page<PostComment>>(completion)
        let batches = CommentsRequest.batches(postIDs)
        guard !batches.isEmpty else {
            delivery.deliver(.success(Page(items: [], hasMore: false)))
            return delivery
        }
        do {
            for batch in batches { try CommentsRequest(postIDs: batch, site: site).validate() }
        } catch {
            delivery.deliver(.failure(error.apiError))
            return delivery
        }
        let series: [AllPagesRetrievalOperation<PostComment>.Series] = batches.map { batch in
            { page in CommentsRequest(postIDs: batch, site: site, page: page) }
        }
        let operation = AllPagesRetrievalOperation<PostComment>(
            client: client, series: series, methodKeys: ["/posts/{ids}/comments"], priority: priority,
            name: "comments \(site) \(postIDs.count) posts", completionQueue: nil
        )
        operation.setCompletionHandler { result in
            delivery.deliver(result.mapError { $0 as? APIError ?? .decoding("\($0)") })
        }
        operation.enqueue()
        return CancelAction {
            delivery.cancel()
            operation.cancel()
        }
    }
}
