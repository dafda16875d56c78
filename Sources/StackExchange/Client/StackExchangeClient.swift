public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import Operations
import Synchronization

/// The shared state of talking to one API: configuration, queues, URLSession, and the request policy
/// (per-method backoff deadlines, the quota left, request ids for the observer) behind one Mutex.
///
/// Operations and data managers built on one client obey one policy: a `backoff` seen by any request holds
/// back every later request to that method, and a quota of 0 stops them all.
public final class StackExchangeClient: Sendable {
    public let configuration: BackendConfiguration
    public let queues: QueueManager
    public let observer: (any NetworkEventObserver)?
    public let session: URLSession
    public let retryPolicy: RetryPolicy
    private let policy = Mutex(PolicyState())

    /// Makes a client; `session` defaults to one whose request timeout is `configuration.timeout`.
    public init(
        configuration: BackendConfiguration = BackendConfiguration(), queues: QueueManager = .shared,
        observer: (any NetworkEventObserver)? = nil, session: URLSession? = nil, retryPolicy: RetryPolicy = .standard
    ) {
        self.configuration = configuration
        self.queues = queues
        self.observer = observer
        self.session = session ?? Self.makeSession(timeout: configuration.timeout)
        self.retryPolicy = retryPolicy
    }

    /// A session with no cache and `timeout` for each request.
    public static func makeSession(timeout: TimeInterval, protocolClasses: [AnyClass]? = nil) -> URLSession {
        let sessionConfiguration = URLSessionConfiguration.default
        sessionConfiguration.timeoutIntervalForRequest = timeout
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        if let protocolClasses { sessionConfiguration.protocolClasses = protocolClasses }
        return URLSession(configuration: sessionConfiguration)
    }

    // MARK: Policy

    /// The last `quota_remaining` the API reported.
    public var quotaRemaining: Int? { policy.withLock { $0.quotaRemaining } }

    /// Until when requests to `methodKey` wait because of a `backoff`, if they do.
    public func backoffDeadline(for methodKey: String) -> Date? {
        policy.withLock { $0.backoffDeadline(for: [methodKey], now: Date()) }
    }

    /// Whether a request to `methodKey` may be sent now.
    public func admission(methodKey: String) -> PolicyState.Admission {
        policy.withLock { $0.admission(methodKey: methodKey, now: Date()) }
    }

    /// Records a page's quota and backoff.
    func record(quotaRemaining: Int?, backoff: Int?, methodKey: String) {
        policy.withLock {
            $0.record(quotaRemaining: quotaRemaining, backoff: backoff, methodKey: methodKey, now: Date())
        }
    }

    /// Records a throttle violation on `methodKey`; returns until when the method is throttled.
    func recordThrottle(methodKey: String, message: String) -> Date {
        let seconds = ThrottleMessage.wait(in: message)
        return policy.withLock { $0.recordThrottle(methodKey: methodKey, seconds: seconds, now: Date()) }
    }

    // MARK: Observer

    /// Reports a request going out and returns its id.
    func requestStarted(path: String, page: Int?, priority: RequestPriority) -> Int {
        let id = policy.withLock { $0.nextRequestID() }
        observer?.requestStarted(id: id, path: path, page: page, priority: priority)
        return id
    }

    /// Reports how request `id` ended.
    func requestEnded(id: Int, outcome: RequestOutcome, status: Int?) {
        observer?.requestEnded(id: id, outcome: outcome, status: status)
    }

    // MARK: Scheduling

    /// Enqueues `operation` on the lane for `priority`, held not-ready while any of `methodKeys` is in backoff.
    public func enqueue<Success>(
        _ operation: ConcurrentOperation<Success>, methodKeys: [String], priority: RequestPriority,
        group: CancellationGroup? = nil
    ) {
        if let deadline = policy.withLock({ $0.backoffDeadline(for: methodKeys, now: Date()) }) {
            BackoffGate.hold(operation, until: deadline)
        }
        switch priority {
        case .user: queues.enqueue(operation, lane: .user, priority: .normal, group: group)
        case .background: queues.enqueue(operation, lane: .background, priority: .low, group: group)
        }
    }
}
