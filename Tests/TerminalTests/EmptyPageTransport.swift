import HTTPDriver
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchange
import Synchronization

/// Answers every request with an empty page of the API, in process, and remembers the URLs asked for.
final class EmptyPageTransport: RequestTransport {
    private let urls = Mutex<[String]>([])

    /// True when some request carried `key` in its URL (so the test proves the key was really in play).
    func sawKey(_ key: String) -> Bool {
        urls.withLock { $0.contains { $0.contains(key) } }
    }

    func task(
        for request: URLRequest, timeout: TimeInterval, limit: Int,
        completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any RequestTask {
        EmptyPageTask(url: request.url, transport: self, completion: completion)
    }

    fileprivate func asked(_ url: URL) {
        urls.withLock { $0.append(url.absoluteString) }
    }
}

/// One request to an `EmptyPageTransport`, answered on a queue of its own when resumed.
private final class EmptyPageTask: RequestTask {
    let url: URL?
    let transport: EmptyPageTransport
    let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void

    init(url: URL?, transport: EmptyPageTransport, completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) {
        self.url = url
        self.transport = transport
        self.completion = completion
    }

    func resume() {
        guard let url else { return }
        transport.asked(url)
        let body = Data(#"{"items":[],"has_more":false,"quota_max":10000,"quota_remaining":9999}"#.utf8)
        let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
        DispatchQueue.global().async { [completion] in completion(body, response, nil) }
    }

    func cancel() {}
}
