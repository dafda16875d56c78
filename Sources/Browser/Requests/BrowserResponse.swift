public import StackExchange

/// What came back for a `BrowserRequest`, as the data manager delivered it: the reply of one request kind,
/// read back with `reply(as:)`. The static constructors build the replies of the kinds the browser has.
public struct BrowserResponse: Sendable {
    /// The kind whose reply this is.
    private let kind: ObjectIdentifier
    /// A `Result<K.Reply, APIError>` for that kind `K`.
    private let result: any Sendable
    /// The error, when the request failed.
    public let error: APIError?

    init<K: RequestKind>(_ kind: K.Type, _ result: Result<K.Reply, APIError>) {
        self.kind = ObjectIdentifier(kind)
        self.result = result
        if case .failure(let error) = result { self.error = error } else { error = nil }
    }

    /// The reply, when this is the reply of a `K`.
    func reply<K: RequestKind>(as type: K.Type) -> Result<K.Reply, APIError>? {
        guard kind == ObjectIdentifier(type) else { return nil }
        return result as? Result<K.Reply, APIError>
    }
}
