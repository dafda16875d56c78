/// The trace file could not be created.
public struct TraceError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public var description: String { "stackterm: cannot write the trace file '\(path)'" }
}
