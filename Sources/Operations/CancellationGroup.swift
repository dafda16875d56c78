import Synchronization

/// Names a set of operations that are cancelled together (one screen's loads).
public struct CancellationGroup: Hashable, Sendable, CustomStringConvertible {
    private static let counter = Atomic<Int>(0)

    public let id: Int
    public let label: String

    /// Makes a new group, distinct from every other.
    public init(_ label: String = "group") {
        self.id = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
        self.label = label
    }

    public var description: String { "\(label)#\(id)" }
}
