public import Foundation

/// Something read from the local store, with when it was fetched from the API.
public struct Cached<Value: Sendable>: Sendable {
    public var value: Value
    public var fetchedAt: Date

    public init(value: Value, fetchedAt: Date) {
        self.value = value
        self.fetchedAt = fetchedAt
    }
}
