import HTTPDriver
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchange

/// One API request sent and waited for, for the command line (`login`, `logout`, `whoami`): no queues, no retries,
/// but the browser's transport and its rules (libcurl itself: a capped body, redirects only where the key may go) and
/// its overall deadline.
enum BlockingAPICall {
    static func send<Item: Decodable & Sendable>(
        _ request: any APIRequest, as item: Item.Type, configuration: BackendConfiguration,
        transport: any RequestTransport = CurlTransport()
    ) -> Result<Page<Item>, APIError> {
        let urlRequest: URLRequest
        do {
            urlRequest = try request.urlRequest(configuration: configuration)
        } catch {
            return .failure(error.apiError)
        }
        let outcome = Outcome<Item>()
        let done = DispatchSemaphore(value: 0)
        let task = transport.task(for: urlRequest, timeout: configuration.timeout, limit: ResponseLimit.bytes) { data, response, error in
            if let refused = error as? ResponseRefused {
                outcome.set(.failure(refused.apiError))
            } else if let error {
                outcome.set(.failure(.transport(error as? URLError ?? URLError(.unknown))))
            } else {
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                switch GzipBody.inflatedIfNeeded(data ?? Data()) {
                case .data(let body): outcome.set(ResponseDecoder.page(Item.self, status: status, data: JSONTextRepair.repaired(body).0))
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
        return outcome.get()
    }

    /// The answer, handed from the transport's completion to the waiting thread.
    private final class Outcome<Item: Sendable>: @unchecked Sendable {
        // @unchecked Sendable: written on the completion's queue before the semaphore is signalled, read after the
        // wait; the semaphore orders the two.
        private var result: Result<Page<Item>, APIError> = .failure(.cancelled)
        func set(_ value: Result<Page<Item>, APIError>) { result = value }
        func get() -> Result<Page<Item>, APIError> { result }
    }
}
