internal import CLazyCurl
import Foundation

/// How one exchange ended (`stackterm_http_outcome`), copied out of the driver's buffers, which are freed as soon as
/// its completion returns.
struct CurlOutcome: Sendable {
    /// 0, libcurl's CURLcode, -1 when the exchange was cancelled, -2 when it could not be given to libcurl.
    var code: Int
    /// The body passed its limit and was not read further.
    var tooLarge: Bool
    /// The headers and trailers passed `ResponseLimit.headerBytes` and were not read further.
    var headersTooLarge: Bool
    /// The HTTP status of the last response, 0 when none came.
    var status: Int
    /// The last response's header lines as they came, its trailers after them.
    var headers: Data
    var body: Data
    /// libcurl's own words for a failure, or "".
    var error: String

    init(_ outcome: stackterm_http_outcome) {
        code = Int(outcome.code)
        tooLarge = outcome.too_large != 0
        headersTooLarge = outcome.headers_too_large != 0
        status = outcome.status
        headers = outcome.headers_length > 0 ? Data(bytes: outcome.headers, count: outcome.headers_length) : Data()
        body = outcome.body_length > 0 ? Data(bytes: outcome.body, count: outcome.body_length) : Data()
        error = outcome.error.map { String(cString: $0) } ?? ""
    }
}
