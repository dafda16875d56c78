/// A config file the program cannot use: which file, which line, and what is wrong, in one line.
///
/// stackterm prints `description` and exits with `exitStatus` (78, `EX_CONFIG` from sysexits.h).
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public static let exitStatus: Int32 = 78

    public var path: String
    /// The 1-based line the problem is on, or nil when it is about the file as a whole.
    public var line: Int?
    public var message: String

    public init(path: String, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `path:line: message`, the way compilers point at a line.
    public var description: String {
        let location = line.map { "\(path):\($0)" } ?? path
        return "\(location): \(message)"
    }
}
