public import HTTPDriver
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Sends one API request through a client's policy and decodes the answer, trying again on transient failures.
///
/// Before each try it asks the client's policy: quota 0 and throttling fail at once without sending; a
/// `backoff` or the rate limit delays the send (on the client's clock). Every answer's quota and backoff are
/// recorded first of all, even when the request was cancelled meanwhile or its items do not decode.
/// `cancel()` cancels the task on the wire (closing the connection) or the pending retry; after it the
/// completion never runs. Decoding happens where the task completes (`CurlTask`'s completion queue, never libcurl's
/// exchange thread), never the main queue.
final class RequestPerformer<Item: Decodable & Sendable>: Sendable {
    typealias Completion = @Sendable (Result<Page<Item>, APIError>) -> Void

    /// What changes while the request runs: whether it was cancelled, the task in flight, the completion.
    private struct State {
        var cancelled = false
        var task: (any RequestTask)?
        /// The try whose overall deadline passed: its task was cancelled and it ends as a timeout.
        var expiredAttempt: Int?
        /// The observer's id of the try on the wire, if one is.
        var requestID: Int?
        var completion: Completion?
    }

    private let client: StackExchangeClient
    private let request: any APIRequest
    /// Whom the request is for, read at each try (a prefetch may be raised to user priority meanwhile).
    private let priority: @Sendable () -> RequestPriority
    private let state = Mutex(State())

    init(client: StackExchangeClient, request: any APIRequest, priority: @escaping @Sendable () -> RequestPriority) {
        self.client = client
        self.request = request
        self.priority = priority
    }

    convenience init(client: StackExchangeClient, request: any APIRequest, priority: RequestPriority) {
        self.init(client: client, request: request, priority: { priority })
    }

    /// Tells the observer that the try on the wire, if any, is now for `priority`.
    func raised(to priority: RequestPriority) {
        guard let id = state.withLock({ $0.requestID }) else { return }
        client.observer?.requestRaised(id: id, priority: priority)
    }

    /// Starts the first try; `completion` runs once, on a background queue, unless cancelled first.
    func start(completion: @escaping Completion) {
        let urlRequest: URLRequest
        do {
            urlRequest = try request.urlRequest(configuration: client.requestConfiguration)
        } catch {
            completion(.failure(error.apiError))
            return
        }
        state.withLock { $0.completion = completion }
        attempt(1, urlRequest)
    }

    /// Stops the request in flight or the pending retry; the completion will not run.
    func cancel() {
        let task = state.withLock { inner in
            inner.cancelled = true
            inner.completion = nil
            return inner.task
        }
        // A pending retry checks `cancelled` when its time comes and stops there.
        task?.cancel()
    }

    private func attempt(_ number: Int, _ urlRequest: URLRequest) {
        guard !state.withLock({ $0.cancelled }) else { return }
        switch client.admit(methodKey: request.methodKey) {
        case .fail(let error):
            finish(.failure(error))
            return
        case .wait(let until):
            schedule(after: until.timeIntervalSince(client.clock.now())) { $0.attempt(number, urlRequest) }
            return
        case .send:
            break
        }
        let id = client.requestStarted(path: request.tracedPath, page: request.page, priority: priority())
        let task = makeTask(urlRequest) { [self] data, response, error in
            client.observer?.mark("received")
            handle(number, urlRequest, id: id, data: data, response: response, error: error)
        }
        let proceed = state.withLock { inner -> Bool in
            guard !inner.cancelled else { return false }
            inner.task = task
            inner.requestID = id
            return true
        }
        guard proceed else {
            client.requestEnded(id: id, outcome: .cancelled, status: nil)
            return
        }
        task.resume()
        // The transport's timeout is an idle one: a body trickling a byte at a time never trips it. This one does.
        client.deadlineClock.schedule(after: client.configuration.deadline) { [weak self, weak task] in
            guard let self, let task else { return }
            let expired = state.withLock { inner -> Bool in
                guard inner.task === task, !inner.cancelled else { return false }
                inner.expiredAttempt = number
                return true
            }
            if expired { task.cancel() }
        }
    }

    /// A task for `urlRequest` through the client's transport, its body capped at `ResponseLimit.bytes`.
    private func makeTask(
        _ urlRequest: URLRequest, completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any RequestTask {
        client.transport.task(for: urlRequest, timeout: urlRequest.timeoutInterval, limit: ResponseLimit.bytes, completion: completion)
    }

    private func handle(
        _ number: Int, _ urlRequest: URLRequest, id: Int, data: Data?, response: URLResponse?, error: (any Error)?
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode
        let expired = state.withLock { inner in
            inner.task = nil
            return inner.expiredAttempt == number
        }
        // Inflated once, within the limit; a body past it is refused here as it is on the wire.
        let inflated = error == nil ? GzipBody.inflatedIfNeeded(data ?? Data()) : .data(Data())
        var body: Data? = if case .data(let body) = inflated, error == nil { body } else { nil }
        // One undecodable character (invalid UTF-8, a lone surrogate's escape) costs that character, not the page.
        if let raw = body {
            let (repaired, repairs) = JSONTextRepair.repaired(raw)
            if repairs > 0 {
                body = repaired
                client.observer?.mark("json-repaired \(request.endpoint): \(repairs) character\(repairs == 1 ? "" : "s") replaced with U+FFFD")
            }
        }
        // Before anything else, and whoever still waits: a backoff or a throttle must never be lost.
        let throttledUntil = client.absorbPolicyFields(of: body, methodKey: request.methodKey)
        if state.withLock({ $0.cancelled }) {
            client.requestEnded(id: id, outcome: .cancelled, status: status)
            return
        }
        let result: Result<Page<Item>, APIError> = if expired {
            .failure(.transport(URLError(.timedOut)))
        } else if let refused = error as? ResponseRefused {
            .failure(refused.apiError)
        } else if inflated == .tooLarge {
            .failure(.responseTooLarge(limit: ResponseLimit.bytes))
        } else {
            decode(data: body, status: status, error: error, throttledUntil: throttledUntil)
        }
        switch result {
        case .success: client.requestEnded(id: id, outcome: .ok, status: status)
        case .failure: client.requestEnded(id: id, outcome: .error, status: status)
        }
        // A write is not idempotent: it is never sent twice on its own.
        if case .failure(let failure) = result, !request.isWrite,
            let delay = client.retryPolicy.delay(after: number, failedWith: failure)
        {
            schedule(after: delay) { $0.attempt(number + 1, urlRequest) }
            return
        }
        finish(result)
    }

    /// The result of one try, from its inflated body (nil: gzip that did not inflate); a `throttle_violation`
    /// becomes `.throttled(until: throttledUntil)`.
    private func decode(
        data: Data?, status: Int?, error: (any Error)?, throttledUntil: Date?
    ) -> Result<Page<Item>, APIError> {
        if let error {
            // The transport reports URLErrors; anything else is kept as the underlying error of an unknown one.
            let urlError = error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error])
            return .failure(.transport(urlError))
        }
        guard let status else {
            return .failure(.transport(URLError(.badServerResponse)))
        }
        guard let body = data else {
            return .failure(.decoding("a gzip body that does not inflate"))
        }
        let result: Result<Page<Item>, APIError> = ResponseDecoder.page(status: status, data: body)
        if case .failure(let failure) = result, failure.isThrottleViolation,
            case .stackExchange(_, _, let message) = failure
        {
            // A throttle_violation surfaces as `.throttled(until:)`: the caller learns when to try again.
            let until = throttledUntil ?? client.recordThrottle(methodKey: request.methodKey, message: message)
            return .failure(.throttled(until: until))
        }
        return result
    }

    /// Runs `step` after `delay` seconds on the client's clock unless cancelled meanwhile.
    private func schedule(after delay: TimeInterval, _ step: @escaping @Sendable (RequestPerformer) -> Void) {
        client.clock.schedule(after: delay) { [self] in
            guard !state.withLock({ $0.cancelled }) else { return }
            step(self)
        }
    }

    private func finish(_ result: Result<Page<Item>, APIError>) {
        let completion = state.withLock { inner -> Completion? in
            defer { inner.completion = nil }
            return inner.cancelled ? nil : inner.completion
        }
        completion?(result)
    }
}

extension ResponseRefused {
    public var apiError: APIError {
        switch self {
        case .tooLarge(let limit): .responseTooLarge(limit: limit)
        case .redirect(let reason): .redirectRefused(reason)
        }
    }
}
