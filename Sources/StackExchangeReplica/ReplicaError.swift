/// Why a replica could not start.
public enum ReplicaError: Error, Sendable, CustomStringConvertible {
    case dataUnreadable(path: String, reason: String)
    case bindFailed(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .dataUnreadable(let path, let reason): "cannot read replica data \(path): \(reason)"
        case .bindFailed(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        }
    }
}
