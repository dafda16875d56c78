/// Why a database could not be used as it is, each with a one-line message for the status bar.
public enum StoreProblem: Error, Sendable, Equatable {
    /// The directory or file cannot be created or written (read-only disk, permissions, a file in the way).
    case unwritable(path: String, reason: String)
    /// The file is not a database or is damaged (garbage bytes, a truncated file).
    case corrupt(path: String)
    /// The file was written by a newer stackterm (its `user_version` is above the one this build knows).
    case newerSchema(path: String, found: Int, known: Int)
    /// Another program holds the file's lock (opening tries again before giving up).
    case busy(path: String)
    /// Any other SQLite failure.
    case failed(path: String, reason: String)

    /// One line a person can read.
    public var message: String {
        switch self {
        // A reason that names the path already (`PrivateDirectory`'s) is said alone: the path once.
        case .unwritable(let path, let reason): reason.contains(path) ? reason : "cannot write \(path): \(reason)"
        case .corrupt(let path): "\(path) is damaged"
        case .newerSchema(let path, let found, let known):
            "\(path) is from a newer stackterm (schema \(found), this one knows \(known))"
        case .busy(let path): "\(path) is locked by another program"
        case .failed(let path, let reason): "\(path): \(reason)"
        }
    }

    /// The reason first and the path last, for a status bar that cuts a long line at its end.
    public var reasonFirst: String {
        switch self {
        case .unwritable(let path, let reason), .failed(let path, let reason):
            reason.contains(path) ? reason : "\(reason) (\(path))"
        case .busy(let path): "locked by another program (\(path))"
        default: message
        }
    }
}
