import Foundation

/// The paging, sorting and filtering items most list requests share, validated against the API's ranges.
public struct PagingParameters: Sendable, Hashable {
    /// The API accepts a `pagesize` in this range (0 is legal there but useless to us).
    static let pageSizes = 1...100
    /// The API refuses pages above this one (`access_denied`) to a request without a key.
    public static let pagesWithoutKey = 25

    var page: Int
    var pageSize: Int

    func validate() throws(RequestValidationError) {
        guard page >= 1 else {
            throw RequestValidationError(parameter: "page", reason: "must be 1 or more, got \(page)")
        }
        guard Self.pageSizes.contains(pageSize) else {
            throw RequestValidationError(parameter: "pagesize", reason: "must be 1…100, got \(pageSize)")
        }
    }

    var queryItems: [URLQueryItem] {
        [URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "pagesize", value: String(pageSize))]
    }
}

extension Array where Element == URLQueryItem {
    /// Appends `name=value` when `value` is present and not empty.
    mutating func append(_ name: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        append(URLQueryItem(name: name, value: value))
    }
}
