/// A failure the replica serves instead of the next matching request, for testing a client's manners.
public enum ReplicaFault: Sendable, Hashable {
    /// Answers with this HTTP status and a short body that is not an API error body.
    case status(Int, path: String?)
    /// Answers HTTP 400 with the API's error body (`error_id`, `error_name`, `error_message`).
    case seError(id: Int, name: String, path: String?)
    /// Closes the connection without answering.
    case dropConnection(path: String?)
    /// Throttles the whole IP for `seconds`: this request and every later one, to any method, get the API's
    /// `throttle_violation` "too many requests from this IP, more requests available in N seconds".
    case ipThrottle(seconds: Int, path: String?)
    /// Carries the request out at once (a write included) but holds its answer back for `seconds`: the client
    /// times out or gives up not knowing that its write was done.
    case hold(seconds: Double, path: String?)
    /// Answers normally, but sends the body one byte every `interval` seconds (an idle timeout never trips).
    case trickle(interval: Double, path: String?)
    /// Answers 200 with a gzip body (a valid API page) that inflates to `inflatedBytes`; `declared`: sent with
    /// `Content-Encoding: gzip` (the HTTP stack inflates it), else without (the client's own `GzipBody` does).
    case gzipBomb(inflatedBytes: Int, declared: Bool, path: String?)
    /// Answers `status` (301, 302, 307 or 308) with `Location: location`.
    case redirect(status: Int, location: String, path: String?)
    /// Answers 200 with a page of one question (`HostilePost`) whose link, title, tags, author and bodies carry
    /// escape sequences, C1 controls, bidi and zero-width characters.
    case hostilePost(path: String?)
    /// Answers 200 with a page (`UndecodablePage`) whose titles hold a lone surrogate's escape and a raw 0xFF byte.
    case undecodableTitles(path: String?)
    /// Serves `fault`'s answer (an error body, a throttle…) only after `seconds`, and does what it does (an IP
    /// throttle starts) then: for tests that need one site's answer to come before another's.
    indirect case late(seconds: Double, ReplicaFault)

    /// The path prefix the fault applies to; nil matches every request.
    var pathPrefix: String? {
        switch self {
        case .status(_, let path), .seError(_, _, let path), .dropConnection(let path), .ipThrottle(_, let path),
             .hold(_, let path), .trickle(_, let path), .gzipBomb(_, _, let path), .redirect(_, _, let path), .hostilePost(let path),
             .undecodableTitles(let path):
            path
        case .late(_, let fault):
            fault.pathPrefix
        }
    }

    func matches(_ path: String) -> Bool {
        pathPrefix.map { path.hasPrefix($0) } ?? true
    }
}
