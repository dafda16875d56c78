public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
import Synchronization

/// The delegate of every session stackterm makes: it hands each task's bytes to the task's `ResponseReceiver`, which
/// caps them, and it decides redirects.
///
/// A delegate rather than completion handlers because a completion handler gets the body only once it is whole:
/// a gzip bomb (libcurl inflates `Content-Encoding: gzip` on its own) would be in memory before anyone could
/// refuse it.
public final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let receivers = Mutex<[Int: ResponseReceiver]>([:])

    override public init() {}

    /// Starts `request` on `session` (whose delegate must be this one); `completion` runs once, on the session's
    /// delegate queue, with the body (at most `limit` bytes) or the error.
    public func start(
        _ request: URLRequest, on session: URLSession, limit: Int = ResponseLimit.bytes,
        completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        let task = session.dataTask(with: request)
        let receiver = ResponseReceiver(limit: limit, isWrite: request.httpMethod == "POST", completion: completion)
        receivers.withLock { $0[task.taskIdentifier] = receiver }
        return task
    }

    private func receiver(_ task: URLSessionTask) -> ResponseReceiver? {
        receivers.withLock { $0[task.taskIdentifier] }
    }

    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let accepted = receiver(dataTask)?.accept(response) ?? true
        completionHandler(accepted ? .allow : .cancel)
        if !accepted { dataTask.cancel() }
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let receiver = receiver(dataTask), !receiver.append(data) else { return }
        dataTask.cancel()
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let receiver = receivers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        receiver?.complete(response: task.response, error: error)
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let original = task.originalRequest
        let decision = RedirectPolicy.follow(from: original, to: request)
        switch decision {
        case .follow(let next):
            completionHandler(next)
        case .refuse(let reason):
            receiver(task)?.refuseRedirect(reason)
            completionHandler(nil)
            task.cancel()
        }
    }
}

/// One task's answer as it arrives: its bytes up to the limit, and why it was refused, if it was.
final class ResponseReceiver: Sendable {
    enum Refusal: Sendable, Equatable {
        case tooLarge
        case redirect(String)
    }

    private struct State {
        var body = Data()
        var refusal: Refusal?
        var completion: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?
    }

    let limit: Int
    let isWrite: Bool
    private let state: Mutex<State>

    init(limit: Int, isWrite: Bool, completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) {
        self.limit = limit
        self.isWrite = isWrite
        state = Mutex(State(completion: completion))
    }

    /// False when the headers already say the body is over the limit.
    func accept(_ response: URLResponse) -> Bool {
        guard response.expectedContentLength > Int64(limit) else { return true }
        state.withLock { $0.refusal = .tooLarge }
        return false
    }

    /// Adds `data`; false once the body passes the limit (the task must be cancelled).
    func append(_ data: Data) -> Bool {
        state.withLock { inner in
            guard inner.refusal == nil else { return false }
            guard inner.body.count + data.count <= limit else {
                inner.refusal = .tooLarge
                inner.body = Data()
                return false
            }
            inner.body.append(data)
            return true
        }
    }

    func refuseRedirect(_ reason: String) {
        state.withLock { $0.refusal = .redirect(reason) }
    }

    func complete(response: URLResponse?, error: (any Error)?) {
        let (body, refusal, completion) = state.withLock { inner in
            defer { inner.completion = nil; inner.body = Data() }
            return (inner.body, inner.refusal, inner.completion)
        }
        switch refusal {
        case .tooLarge: completion?(nil, response, ResponseRefused.tooLarge(limit: limit))
        case .redirect(let reason): completion?(nil, response, ResponseRefused.redirect(reason))
        case nil: completion?(error == nil ? body : nil, response, error)
        }
    }
}

/// Why the client itself refused an answer.
public enum ResponseRefused: Error, Sendable {
    case tooLarge(limit: Int)
    case redirect(String)
}
