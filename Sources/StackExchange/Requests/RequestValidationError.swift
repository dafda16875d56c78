/// A request parameter outside what the API accepts (say `pagesize` 0 or 101); nothing was sent.
public struct RequestValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The offending parameter (`pagesize`).
    public var parameter: String
    /// Why it was rejected, for a person.
    public var reason: String
    /// The API's `error_id` and `error_name` for this complaint (`400 bad_parameter` unless said otherwise).
    public var errorID: Int
    public var errorName: String

    public init(parameter: String, reason: String, errorID: Int = 400, errorName: String = "bad_parameter") {
        self.parameter = parameter
        self.reason = reason
        self.errorID = errorID
        self.errorName = errorName
    }

    /// Pages above `PagingParameters.pagesWithoutKey` are refused without a key (`access_denied`), so they are
    /// never sent, prefetches included.
    public static func pageNeedsKey(_ page: Int) -> RequestValidationError {
        RequestValidationError(
            parameter: "page", reason: "more pages need an app key (--key or STACKEXCHANGE_KEY); page \(page) is above 25",
            errorID: 403, errorName: "access_denied")
    }

    public var description: String { "\(parameter): \(reason)" }

    /// The same complaint as the API itself would make (`bad_parameter`), so callers see one kind of error.
    public var apiError: APIError {
        .stackExchange(id: errorID, name: errorName, message: description)
    }
}
