public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// What sends a client's requests: libcurl itself (`CurlTransport`) in the program; a stand-in in unit tests, which
/// answer from a script without a socket.
public protocol RequestTransport: Sendable {
    /// A task that sends `request` when resumed, with `timeout` seconds of silence allowed and its body capped at
    /// `limit` bytes; `completion` runs once, off the caller's thread, with the body and the response, or with
    /// `ResponseRefused` or a `URLError` (`URLError(.cancelled)` after a cancel).
    func task(
        for request: URLRequest, timeout: TimeInterval, limit: Int,
        completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any RequestTask
}

/// Every request through libcurl itself (`CurlTask` over `HTTPExchange.c`): the program's one HTTP stack.
public struct CurlTransport: RequestTransport {
    public init() {}

    public func task(
        for request: URLRequest, timeout: TimeInterval, limit: Int,
        completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any RequestTask {
        CurlTask(request, timeout: timeout, limit: limit, completion: completion)
    }
}
