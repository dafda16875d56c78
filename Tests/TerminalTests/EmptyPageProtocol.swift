import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Answers every request with an empty page of the API, in process, and remembers the URLs asked for.
/// Its only shared state, the list of URLs, is behind a Mutex (URLSession drives instances on its own threads).
final class EmptyPageProtocol: URLProtocol {
    private static let urls = Mutex<[String]>([])

    /// True when some request carried `key` in its URL (so the test proves the key was really in play).
    static func sawKey(_ key: String) -> Bool {
        urls.withLock { $0.contains { $0.contains(key) } }
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url else { return }
        Self.urls.withLock { $0.append(url.absoluteString) }
        let body = Data(#"{"items":[],"has_more":false,"quota_max":10000,"quota_remaining":9999}"#.utf8)
        let response = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"]
        )!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
