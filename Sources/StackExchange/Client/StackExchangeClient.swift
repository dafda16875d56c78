public import HTTPDriver
public import Foundation
public import Operations
import Synchronization

/// The shared state of talking to one API: configuration, queues, the transport, and the request policy
/// (per-method backoff deadlines, the quota left, request ids for the observer) behind one Mutex.
///
/// Operations and data managers built on one client obey one policy: a `backoff` seen by any request holds
/// back every later request to that method, and a quota of 0 stops them all.
public final class StackExchangeClient: Sendable {
    public let configuration: BackendConfiguration
    public let queues: QueueManager
    public let observer: (any NetworkEventObserver)?
    /// What sends the requests: libcurl itself (`CurlTransport`) unless a test gives a stand-in.
    public let transport: any RequestTransport
    public let retryPolicy: RetryPolicy
    /// The time every policy decision reads and every wait (backoff, retry, rate limit) is scheduled on.
    public let clock: any PolicyClock
    /// The time each request's overall deadline runs on: its own, so the policy's tests count only the policy's
    /// timers, and a deadline's test moves it by hand.
    public let deadlineClock: any PolicyClock
    private let policy: Mutex<PolicyState>
    /// Set once the API ended the sign-in: requests go out without the token from then on.
    private let tokenForgotten = Mutex(false)

    /// Makes a client whose requests go through `transport`, each with `configuration.timeout` of silence allowed.
    public init(
        configuration: BackendConfiguration = BackendConfiguration(), queues: QueueManager = .shared,
        observer: (any NetworkEventObserver)? = nil, transport: any RequestTransport = CurlTransport(),
        retryPolicy: RetryPolicy = .standard,
        rateLimit: RateLimit = .standard, clock: any PolicyClock = SystemPolicyClock(),
        deadlineClock: any PolicyClock = SystemPolicyClock()
    ) {
        self.deadlineClock = deadlineClock
        self.configuration = configuration
        self.queues = queues
        self.observer = observer
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.clock = clock
        self.policy = Mutex(PolicyState(rateLimit: rateLimit))
    }

    /// The configuration requests are built with now: `configuration`, without the access token once forgotten.
    public var requestConfiguration: BackendConfiguration {
        guard tokenForgotten.withLock({ $0 }) else { return configuration }
        var signedOut = configuration
        signedOut.accessToken = nil
        signedOut.signedInFilter = nil
        return signedOut
    }

    /// Stops sending the access token (the API said it is no longer good, or the person signed out).
    public func forgetAccessToken() {
        tokenForgotten.withLock { $0 = true }
    }

    // MARK: Policy

    /// The last `quota_remaining` the API reported.
    public var quotaRemaining: Int? { policy.withLock { $0.quotaRemaining } }

    /// When the used-up quota is assumed to reset, while it is used up.
    public var quotaResetsAt: Date? { policy.withLock { $0.quotaResetsAt } }

    /// Until when every method is throttled for the whole IP, if it is.
    public var ipThrottledUntil: Date? { policy.withLock { $0.ipThrottledUntil } }

    /// Until when requests to `methodKey` wait because of a `backoff`, if they do.
    public func backoffDeadline(for methodKey: String) -> Date? {
        policy.withLock { $0.backoffDeadline(for: [methodKey], now: clock.now()) }
    }

    /// Whether a request to `methodKey` may be sent now, without taking a send slot.
    public func admission(methodKey: String) -> PolicyState.Admission {
        policy.withLock { $0.admission(methodKey: methodKey, now: clock.now()) }
    }

    /// Whether a request to `methodKey` may be sent now; `.send` counts it as sent for the rate limit.
    func admit(methodKey: String) -> PolicyState.Admission {
        policy.withLock { $0.admit(methodKey: methodKey, now: clock.now()) }
    }

    /// Records a response's quota and backoff.
    func record(quotaRemaining: Int?, backoff: Int?, methodKey: String) {
        policy.withLock {
            $0.record(quotaRemaining: quotaRemaining, backoff: backoff, methodKey: methodKey, now: clock.now())
        }
    }

    /// Reads `backoff`, `quota_remaining` and a `throttle_violation` from any response body (gzip or not, items
    /// readable or not) and records them; returns the throttle's deadline when the body is one. A request that
    /// ended without a body frees the probe after a quota reset.
    @discardableResult
    func absorbPolicyFields(of body: Data?, methodKey: String) -> Date? {
        guard let body, let fields = PolicyFields.read(body) else {
            policy.withLock { $0.recordNoQuota() }
            return nil
        }
        record(quotaRemaining: fields.quotaRemaining, backoff: fields.backoff, methodKey: methodKey)
        if fields.quotaRemaining == nil { policy.withLock { $0.recordNoQuota() } }
        return fields.throttleMessage.map { recordThrottle(methodKey: methodKey, message: $0) }
    }

    /// Records a throttle violation on `methodKey` (or the whole IP, when its message says so); returns until when.
    func recordThrottle(methodKey: String, message: String) -> Date {
        let seconds = ThrottleMessage.wait(in: message)
        let ipWide = ThrottleMessage.isIPWide(message)
        return policy.withLock { $0.recordThrottle(methodKey: methodKey, seconds: seconds, ipWide: ipWide, now: clock.now()) }
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
        if let deadline = policy.withLock({ $0.backoffDeadline(for: methodKeys, now: clock.now()) }) {
            BackoffGate.hold(operation, until: deadline, clock: clock)
        }
        switch priority {
        case .user: queues.enqueue(operation, lane: .user, priority: .normal, group: group)
        case .background: queues.enqueue(operation, lane: .background, priority: .low, group: group)
        }
    }
}
