/// A request parameter outside what the API accepts (say `pagesize` 0 or 101); nothing was sent.
public struct RequestValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The offending parameter (`pagesize`).
    public var parameter: String
    /// Why it was rejected, for a person.
    public var reason: String

    public init(parameter: String, reason: String) {
        self.parameter = parameter
        self.reason = reason
    }

    public var description: String { "\(parameter): \(reason)" }

    /// The same complaint as the API itself would make (`bad_parameter`), so callers see one kind of error.
    public var apiError: APIError {
        .stackExchange(id: 400, name: "bad_parameter", message: description)
    }
}
