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

    /// The path prefix the fault applies to; nil matches every request.
    var pathPrefix: String? {
        switch self {
        case .status(_, let path), .seError(_, _, let path), .dropConnection(let path), .ipThrottle(_, let path): path
        }
    }

    func matches(_ path: String) -> Bool {
        pathPrefix.map { path.hasPrefix($0) } ?? true
    }
}
