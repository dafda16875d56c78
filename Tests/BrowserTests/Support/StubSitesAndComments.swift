import Operations
import StackExchange
import Synchronization

/// A site list source that records each request and lets the test deliver its result later.
final class StubSites: SiteListProviding {
    /// One recorded request: its handle and the completion to call.
    struct Request: Sendable {
        var priority: RequestPriority
        var handle: StubCancellable
        var completion: @MainActor @Sendable (Result<[Site], APIError>) -> Void

        /// Calls the completion, even if the request was cancelled (a late delivery).
        @MainActor func deliver(_ result: Result<[Site], APIError>) { completion(result) }
    }

    private let recorded = Mutex<[Request]>([])

    var requests: [Request] { recorded.withLock { $0 } }

    func sites(
        priority: RequestPriority, completion: @escaping @MainActor @Sendable (Result<[Site], APIError>) -> Void
    ) -> any Cancellable {
        let handle = StubCancellable()
        recorded.withLock { $0.append(Request(priority: priority, handle: handle, completion: completion)) }
        return handle
    }
}

/// A comments source that records each request and lets the test deliver its result later.
final class StubComments: CommentsDataManaging {
    /// One recorded request: which posts, its handle, and the completion to call.
    struct Request: Sendable {
        var postIDs: [Int]
        var site: String
        var priority: RequestPriority
        var handle: StubCancellable
        var completion: @MainActor @Sendable (Result<Page<PostComment>, APIError>) -> Void

        /// Calls the completion, even if the request was cancelled (a late delivery).
        @MainActor func deliver(_ result: Result<Page<PostComment>, APIError>) { completion(result) }
    }

    private let recorded = Mutex<[Request]>([])

    var requests: [Request] { recorded.withLock { $0 } }

    func comments(
        postIDs: [Int], site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<PostComment>, APIError>) -> Void
    ) -> any Cancellable {
        let handle = StubCancellable()
        recorded.withLock {
            $0.append(Request(postIDs: postIDs, site: site, priority: priority, handle: handle, completion: completion))
        }
        return handle
    }
}
