import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchange

/// One API request sent and waited for, for the command line (`login`, `logout`, `whoami`): no queues, no retries.
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
        // No cache and no cookies, and not `.ephemeral`, whose memory cache makes a directory (`FoundationStorages`).
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration)
        session.dataTask(with: urlRequest) { data, response, error in
            if let error {
                outcome.set(.failure(.transport(error as? URLError ?? URLError(.unknown))))
            } else {
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                let body = GzipBody.decompressedIfNeeded(data ?? Data()) ?? Data()
                outcome.set(ResponseDecoder.page(Item.self, status: status, data: body))
            }
            done.signal()
        }.resume()
        done.wait()
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
