public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
public import HTTPDriver
public import Operations
import Synchronization

/// One picture's transfer from an image host, run as an operation of the networking layer's background lane: the
/// person's requests, on the user lane, never wait behind pictures, and no more pictures than the lane's width
/// (two) are on the wire at once.
///
/// The request carries only what any browser sends for a picture: no key, no token, no cookie. Its body is capped
/// at `limit` bytes. `cancel()` cancels the task on the wire (the connection closes at once); the completion then
/// never runs.
public final class PictureTransferOperation: ConcurrentOperation<PictureTransferOperation.Reply>, @unchecked Sendable {
    // @unchecked Sendable: the only mutable state, the task on the wire, sits behind a Mutex.

    /// What the host answered: its status and body.
    public struct Reply: Sendable {
        public let status: Int
        public let body: Data
    }

    /// The lane every picture transfer takes.
    public static let lane: QueueManager.Lane = .background

    /// The picture's address.
    public let url: URL
    private let userAgent: String
    private let transport: any RequestTransport
    private let timeout: TimeInterval
    private let limit: Int
    private let task = Mutex<(any RequestTask)?>(nil)

    /// A transfer of the picture at `url` through `transport`, `timeout` seconds of silence allowed, the body capped at
    /// `limit`; `completion` runs on the thread the transfer ended on.
    public init(
        url: URL, userAgent: String, transport: any RequestTransport, timeout: TimeInterval, limit: Int,
        completion: CompletionHandler? = nil
    ) {
        self.url = url
        self.userAgent = userAgent
        self.transport = transport
        self.timeout = timeout
        self.limit = limit
        super.init(name: "picture \(url.absoluteString)", completionQueue: nil, completion: completion)
    }

    /// Enqueues the transfer on `queues`' background lane, below anything the person asked for.
    public func enqueue(on queues: QueueManager) {
        queues.enqueue(self, lane: Self.lane, priority: .low)
    }

    public override func execute() {
        var request = URLRequest(url: url)
        request.httpShouldHandleCookies = false
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("image/png, image/jpeg, image/gif, image/webp", forHTTPHeaderField: "Accept")
        let task = transport.task(for: request, timeout: timeout, limit: limit) { [weak self] data, response, error in
            guard let self else { return }
            if let error { return complete(.failure(error)) }
            complete(.success(Reply(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data ?? Data())))
        }
        self.task.withLock { $0 = task }
        // A cancel() racing with execute() may have missed the task: check after publishing it.
        if isCancelRequested {
            task.cancel()
            return
        }
        task.resume()
    }

    public override func cancelWork() {
        task.withLock { $0 }?.cancel()
    }
}
