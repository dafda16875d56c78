public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// One request on its way, as `RequestPerformer` holds it: started once, cancelled at most once.
///
/// Two kinds: `CurlTask` (libcurl itself, the program's path) and `SessionTask` (a URLSession the client was given,
/// as tests give one with stand-in protocols). Either ends by calling its completion once, a cancel included
/// (`URLError(.cancelled)`).
public protocol RequestTask: AnyObject, Sendable {
    func resume()
    func cancel()
}

/// A URLSession data task as a `RequestTask`.
final class SessionTask: RequestTask, @unchecked Sendable {
    // @unchecked: URLSessionDataTask is thread-safe (its own lock), but corelibs Foundation does not declare it Sendable.
    private let task: URLSessionDataTask

    init(_ task: URLSessionDataTask) {
        self.task = task
    }

    func resume() { task.resume() }
    func cancel() { task.cancel() }
}
