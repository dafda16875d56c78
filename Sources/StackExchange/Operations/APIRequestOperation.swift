public import Foundation
public import Operations
import Synchronization

/// An operation that performs one API request through a client and completes with the decoded page.
///
/// The request runs as a task of the client's transport (libcurl itself) under the client's policy (quota, backoff,
/// retries); the body is decoded off the main queue and the page delivered on `completionQueue`. `cancel()` cancels the task, so
/// the connection closes at once, and the completion never runs. Failures are always `APIError`s.
open class APIRequestOperation<Item: Decodable & Sendable>: ConcurrentOperation<Page<Item>>, @unchecked Sendable {
    // @unchecked Sendable: the added mutable state (`performer`, `currentPriority`) sits behind Mutexes; the rest
    // is immutable.

    /// The client whose session and policy the request goes through.
    public let client: StackExchangeClient
    /// What is asked.
    public let request: any APIRequest
    /// Whom it was enqueued for (the queue lane).
    public let priority: RequestPriority
    private let currentPriority: Mutex<RequestPriority>
    private let performer = Mutex<RequestPerformer<Item>?>(nil)

    public init(
        client: StackExchangeClient, request: any APIRequest, priority: RequestPriority = .user, name: String,
        completionQueue: DispatchQueue? = .main, completion: CompletionHandler? = nil
    ) {
        self.client = client
        self.request = request
        self.priority = priority
        self.currentPriority = Mutex(priority)
        super.init(name: name, completionQueue: completionQueue, completion: completion)
    }

    /// Whom the request is for now: `.user` once a person's request joined this prefetch (traces say so).
    public var effectivePriority: RequestPriority { currentPriority.withLock { $0 } }

    /// Raises the request to user priority: it jumps ahead in its queue, its traces say `"queue":"user"` from
    /// here on, and a request already on the wire is reported raised to the observer.
    public func raiseToUserPriority() {
        let wasRaised = currentPriority.withLock { current -> Bool in
            defer { current = .user }
            return current == .user
        }
        guard !wasRaised else { return }
        queuePriority = .veryHigh
        performer.withLock { $0 }?.raised(to: .user)
    }

    open override func execute() {
        let performer = RequestPerformer<Item>(
            client: client, request: request, priority: { [weak self] in self?.effectivePriority ?? .user })
        self.performer.withLock { $0 = performer }
        // A cancel() racing with execute() may have missed the performer: check after publishing it.
        if isCancelRequested {
            performer.cancel()
            return
        }
        performer.start { [weak self] result in
            self?.complete(result.mapError { $0 })
        }
    }

    open override func cancelWork() {
        performer.withLock { $0 }?.cancel()
    }

    /// Enqueues this operation on its client's queues, held back while its method is in backoff.
    public func enqueue(group: CancellationGroup? = nil) {
        client.enqueue(self, methodKeys: [request.methodKey], priority: priority, group: group)
    }
}
