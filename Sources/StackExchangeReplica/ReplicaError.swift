/// Why a replica could not start.
public enum ReplicaError: Error, CustomStringConvertible, Sendable {
    case cannotOpenLog(String)
    case unreadableData(String)
    case notLoopback(String)

    public var description: String {
        switch self {
        case .cannotOpenLog(let path): "cannot open the log file \(path)"
        case .unreadableData(let what): "cannot read the data set: \(what)"
        case .notLoopback(let host): "refusing to bind \(host): the replica serves loopback only"
        }
    }
}
