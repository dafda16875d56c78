/// A misbehaviour injected into the next request whose path starts with `path` (nil matches any request).
public enum ReplicaFault: Sendable, Hashable {
    /// Answer with this HTTP status and a short body that is not a Stack Exchange error.
    case status(Int, path: String?)
    /// Answer HTTP 400 with a Stack Exchange error body.
    case seError(id: Int, name: String, path: String?)
    /// Close the connection without answering.
    case dropConnection(path: String?)

    var pathPrefix: String? {
        switch self {
        case .status(_, let path), .seError(_, _, let path), .dropConnection(let path): path
        }
    }

    func matches(_ path: String) -> Bool {
        guard let prefix = pathPrefix else { return true }
        return path.hasPrefix(prefix)
    }
}
