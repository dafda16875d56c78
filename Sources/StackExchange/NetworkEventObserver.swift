/// How a request ended, for tracing.
public enum RequestOutcome: String, Sendable {
    case ok, error, cancelled
}

/// Told about every request the client sends and how it ended (the `--trace` file listens here).
///
/// Called from any thread; implementations must be cheap and thread-safe. The app key is never
/// part of what is reported.
public protocol NetworkEventObserver: Sendable {
    /// A request went out; `id` is unique per process, `path` is the API method path (`/questions`).
    func requestStarted(id: Int, path: String, page: Int?, priority: RequestPriority)
    /// The request `id` ended; `status` is the HTTP status when there was one.
    func requestEnded(id: Int, outcome: RequestOutcome, status: Int?)
    /// The request `id`, already sent, is now for `priority` (a person's load joined a prefetch).
    func requestRaised(id: Int, priority: RequestPriority)
    /// A step of the network's own set-up or of a request's way (`received`: a response's last byte in, before
    /// it is decoded), for the start-up breakdowns.
    func mark(_ name: String)
}

extension NetworkEventObserver {
    /// The request `id`, already sent, is now for `priority` (a person's load joined a prefetch). Optional.
    public func requestRaised(id: Int, priority: RequestPriority) {}
    /// A step of the network's set-up or a request's way. Optional.
    public func mark(_ name: String) {}
}
