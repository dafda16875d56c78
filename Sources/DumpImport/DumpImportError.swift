/// Why an import could not start or finish, in one line for the terminal.
public struct DumpImportError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
