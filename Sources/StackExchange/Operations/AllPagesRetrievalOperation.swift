public import Foundation
public import Operations
import Synchronization

/// Retrieves every page of one or more paged requests, one request at a time, and completes with all their items.
///
/// The result is one `Page` holding every item, `has_more: false`, and the lowest `quota_remaining` reported.
///
/// Each series is a function from a page number to the request for that page; a series is read from page 1
/// until a page says `has_more: false` (or `maximumPages` is reached: pages above 25 need an app key). Series
/// run one after another, so a batch of comments never competes with itself for the quota. Every request goes
/// through the client's policy (backoff, quota, retries); the first failure ends the operation. `cancel()`
/// cancels the request in flight, so its connection closes at once.
public final class AllPagesRetrievalOperation<Item: Decodable & Sendable>: ConcurrentOperation<Page<Item>>, @unchecked Sendable {
    // @unchecked Sendable: the mutable state (the performer in flight and the items so far) sits in one Mutex.

    /// Builds the request for one page (1-based) of a series.
    public typealias Series = @Sendable (_ page: Int) -> any APIRequest

    /// Where the reading stands: which series and page, what came back so far, the request in flight.
    private struct State {
        var series = 0
        var page = 1
        var items: [Item] = []
        var performer: RequestPerformer<Item>?
        var quotaRemaining: Int?
    }

    public let client: StackExchangeClient
    public let priority: RequestPriority
    public let maximumPages: Int
    private let series: [Series]
    private let methodKeys: [String]
    private let state = Mutex(State())

    /// An operation reading `series` in order; `methodKeys` are the API methods they call (for the backoff gate).
    public init(
        client: StackExchangeClient, series: [Series], methodKeys: [String], priority: RequestPriority = .user,
        maximumPages: Int = 25, name: String, completionQueue: DispatchQueue? = .main, completion: CompletionHandler? = nil
    ) {
        self.client = client
        self.series = series
        self.methodKeys = methodKeys
        self.priority = priority
        self.maximumPages = maximumPages
        super.init(name: name, completionQueue: completionQueue, completion: completion)
    }

    /// Enqueues this operation on its client's queues, held back while its methods are in backoff.
    public func enqueue(group: CancellationGroup? = nil) {
        client.enqueue(self, methodKeys: methodKeys, priority: priority, group: group)
    }

    public override func execute() {
        requestNext()
    }

    public override func cancelWork() {
        state.withLock { $0.performer }?.cancel()
    }

    /// Sends the request for the current series and page, or completes when every series is read.
    private func requestNext() {
        let next = state.withLock { state -> (any APIRequest)? in
            guard state.series < series.count else { return nil }
            return series[state.series](state.page)
        }
        guard let request = next else {
            let (items, quota) = state.withLock { ($0.items, $0.quotaRemaining) }
            complete(.success(Page(items: items, hasMore: false, quotaRemaining: quota)))
            return
        }
        let performer = RequestPerformer<Item>(client: client, request: request, priority: priority)
        state.withLock { $0.performer = performer }
        // A cancel() racing with this may have missed the performer: check after publishing it.
        if isCancelRequested {
            performer.cancel()
            return
        }
        performer.start { [weak self] result in self?.received(result) }
    }

    private func received(_ result: Result<Page<Item>, APIError>) {
        switch result {
        case .failure(let error):
            complete(.failure(error))
        case .success(let page):
            state.withLock { state in
                state.items += page.items
                if let quota = page.quotaRemaining { state.quotaRemaining = min(state.quotaRemaining ?? quota, quota) }
                if page.hasMore, state.page < maximumPages {
                    state.page += 1
                } else {
                    state.series += 1
                    state.page = 1
                }
                state.performer = nil
            }
            guard !isCancelRequested else { return }
            requestNext()
        }
    }
}
