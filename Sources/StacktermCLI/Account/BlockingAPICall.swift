import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchange

/// One API request sent and waited for, for the command line (`login`, `logout`, `whoami`): no queues, no retries,
/// but the browser's session rules (a capped body, redirects only where the key may go) and its overall deadline.
enum BlockingAPICall {
    static func send<Item: Decodable & Sendable>(
        _ request: any APIRequest, as item: Item.Type, configuration: BackendConfiguration
    ) -> Result<Page<Item>, APIError> {
        let urlRequest: URLRequest
        do {
            urlRequest = try request.urlRequest(configuration: configuration)
        } catch {
            return .failure(error.apiError)
        }
        let outcome = Outcome<Item>()
        let done = DispatchSemaphore(value: 0)
        // makeSession's: no cache and no cookies (and not `.ephemeral`, whose memory cache makes a directory), with the
        // delegate that caps the body and decides redirects.
        let session = StackExchangeClient.makeSession(timeout: configuration.timeout)
        let delegate = session.delegate as! SessionDelegate  // makeSession always gives it one
        let task = delegate.start(urlRequest, on: session) { data, response, error in
            if let refused = error as? ResponseRefused {
                outcome.set(.failure(refused.apiError))
            } else if let error {
                outcome.set(.failure(.transport(error as? URLError ?? URLError(.unknown))))
            } else {
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                switch GzipBody.inflatedIfNeeded(data ?? Data()) {
                case .data(let body): outcome.set(ResponseDecoder.page(Item.self, status: status, data: body))
                case .tooLarge: outcome.set(.failure(.responseTooLarge(limit: ResponseLimit.bytes)))
                case .corrupt: outcome.set(.failure(.decoding("a gzip body that does not inflate")))
                }
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + configuration.deadline) == .timedOut {
            task.cancel()
            done.wait()
            outcome.set(.failure(.transport(URLError(.timedOut))))
        }
        session.finishTasksAndInvalidate()
        return outcome.get()
    }

    /// The answer, handed from the session's queue to the waiting thread.
    private final class Outcome<Item: Sendable>: @unchecked Sendable {
        // @unchecked Sendable: written once on the session's queue before the semaphore is signalled, read after
        // the wait; the semaphore orders the two.
        private var result: Result<Page<Item>, APIError> = .failure(.cancelled)
        func set(_ value: Result<Page<Item>, APIError>) { result = value }
        func get() -> Result<Page<Item>, APIError> { result }
    }
}
