import Dispatch
import Foundation
import Operations
import StackExchange
import Synchronization

/// One request of a shell launch, from the pause record to the last answer of its site.
///
/// Before each try it reads the pauses every stackterm keeps in the data file (`PauseKeeping`): a throttle, or a
/// backoff longer than a few seconds, ends it at once with the real wait left, nothing sent; a shorter backoff is
/// waited out. The same request answered less than a minute before (by any stackterm) is answered by that answer.
/// After each answer it records what the answer said: its backoff, a throttle (the method's or the whole IP's), the
/// quota, and the answer itself.
///
/// It tries again after a transient failure (`RetryPolicy`), but only while nothing holds the method: a retry that a
/// pause heard meanwhile keeps unsent (another site's IP throttle) ends the request with the failure the site itself
/// answered, not with the pause. The client it sends through must not retry on its own (`RetryPolicy` of one try).
struct ShellSend: Sendable {
    let client: StackExchangeClient
    let pauses: (any PauseKeeping)?
    let retry: RetryPolicy

    /// Sends `request` and waits for its last answer; `Item`s are kept as the request's answer for a minute.
    func callAsFunction<Item: Codable & Sendable>(_ request: any APIRequest, as item: Item.Type) -> Result<Page<Item>, APIError> {
        run(request, encode: { try? JSONEncoder().encode($0) }, decode: { try? JSONDecoder().decode([Item].self, from: $0) })
    }

    /// Sends `request` and waits for its last answer; its answer is not kept.
    func callAsFunction<Item: Decodable & Sendable>(_ request: any APIRequest, as item: Item.Type) -> Result<Page<Item>, APIError> {
        run(request, encode: nil, decode: nil)
    }

    private func run<Item: Decodable & Sendable>(
        _ request: any APIRequest, encode: (([Item]) -> Data?)?, decode: ((Data) -> [Item]?)?
    ) -> Result<Page<Item>, APIError> {
        let methodKey = request.methodKey
        let identity = Self.identity(of: request, configuration: client.requestConfiguration)
        if let identity, let decode, let kept = pauses?.answer(to: identity), kept.answers(at: client.clock.now()),
           let items = decode(kept.items) {
            return .success(Page(items: items, hasMore: false))
        }
        var attempt = 1
        var answered: APIError?
        while true {
            switch (pauses?.pauseRecord() ?? PauseRecord()).admission(methodKey: methodKey, now: client.clock.now()) {
            case .fail(let pause):
                return .failure(answered ?? pause)
            case .wait(let until):
                if let answered { return .failure(answered) }
                wait(until.timeIntervalSince(client.clock.now()))
                continue
            case .send:
                break
            }
            // A retry goes only if this run's own policy would send it now: a throttle or a backoff heard since the
            // first try holds it, and the site's own answer is what is reported.
            if let answered, client.admission(methodKey: methodKey) != .send { return .failure(answered) }
            let result: Result<Page<Item>, APIError> = once(request)
            let now = client.clock.now()
            record(result, methodKey: methodKey, now: now)
            switch result {
            case .success(let page):
                if let identity, let encode, let items = encode(page.items) {
                    pauses?.recordAnswer(RecordedAnswer(sentAt: now, items: items), to: identity)
                }
                return result
            case .failure(let error):
                guard let delay = retry.delay(after: attempt, failedWith: error) else { return .failure(error) }
                answered = error
                attempt += 1
                wait(delay)
            }
        }
    }

    /// One try through the client, waited for.
    private func once<Item: Decodable & Sendable>(_ request: any APIRequest) -> Result<Page<Item>, APIError> {
        let outcome = Mutex<Result<Page<Item>, APIError>>(.failure(.cancelled))
        let done = DispatchSemaphore(value: 0)
        let operation = APIRequestOperation<Item>(
            client: client, request: request, priority: .user, name: "shell \(request.endpoint)",
            completionQueue: DispatchQueue(label: "stackterm.shell.answer")
        ) { result in
            outcome.withLock { $0 = result.mapError { $0 as? APIError ?? .decoding("\($0)") } }
            done.signal()
        }
        operation.enqueue()
        done.wait()
        return outcome.withLock { $0 }
    }

    /// Keeps what an answer said for the next process: the quota, the method's backoff, a throttle.
    private func record<Item>(_ result: Result<Page<Item>, APIError>, methodKey: String, now: Date) {
        guard let pauses else { return }
        if case .success(let page) = result, let remaining = page.quotaRemaining, let max = page.quotaMax {
            pauses.recordQuota(remaining: remaining, max: max, at: now)
        }
        // The client read the backoff from any body, an error's too.
        if let until = client.backoffDeadline(for: methodKey) { pauses.recordBackoff(methodKey: methodKey, until: until) }
        if case .failure(.throttled(let until)) = result {
            let ipWide = client.ipThrottledUntil.map { $0 >= until } ?? false
            pauses.recordThrottle(methodKey: ipWide ? nil : methodKey, until: until)
        }
    }

    /// Waits `seconds` on the client's clock.
    private func wait(_ seconds: TimeInterval) {
        let done = DispatchSemaphore(value: 0)
        client.clock.schedule(after: seconds) { done.signal() }
        done.wait()
    }

    /// The request as the API tells two apart: its API root, path and parameters (the key and a token aside), sorted; nil
    /// when it cannot be made.
    static func identity(of request: any APIRequest, configuration: BackendConfiguration) -> String? {
        guard let url = try? request.url(configuration: configuration),
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        let kept = (components.percentEncodedQueryItems ?? []).filter { $0.name != "key" && $0.name != "access_token" }
            .map { "\($0.name)=\($0.value ?? "")" }.sorted()
        let port = components.port.map { ":\($0)" } ?? ""
        return "shell \(components.scheme ?? "")://\(components.host ?? "")\(port)\(components.path)?\(kept.joined(separator: "&"))"
    }
}
