public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything that can go wrong talking to the API, each with a one-line message a person can read.
public enum APIError: Error, Sendable, Equatable {
    /// The request never got an HTTP answer (no connection, timeout, connection lost).
    case transport(URLError)
    /// An HTTP status other than 2xx that carried no Stack Exchange error body.
    case httpStatus(code: Int, bodySnippet: String)
    /// The API's own error body (`error_id`, `error_name`, `error_message`); it answers them with HTTP 400.
    case stackExchange(id: Int, name: String, message: String)
    /// The body was not the JSON we expected; the string says what failed.
    case decoding(String)
    /// The answer was well-formed but lacked what was asked for (say, a question id that does not exist).
    case missingData(String)
    /// The API asked us to wait (`backoff`) or throttled us; no request to that method before `until`.
    case throttled(until: Date)
    /// `quota_remaining` reached 0; nothing is sent until the quota resets at `resetsAt` (midnight UTC).
    case quotaExhausted(resetsAt: Date)
    /// The request was cancelled.
    case cancelled
    /// The answer was larger than `ResponseLimit.bytes` (on the wire or once decoded): it was refused unread.
    case responseTooLarge(limit: Int)
    /// The server redirected to an address the request may not follow (plain http off loopback, or a write).
    case redirectRefused(String)

    /// One line for the status bar.
    public var message: String {
        switch self {
        case .transport(let error):
            return "network error: \(Self.describe(error))"
        case .httpStatus(let code, let snippet):
            let tail = snippet.isEmpty ? "" : ": \(snippet)"
            return Self.oneLine("HTTP \(code)\(tail)")
        case .stackExchange(let id, let name, let message):
            return Self.oneLine("API error \(id) \(name): \(message)")
        case .decoding(let what):
            return Self.oneLine("unreadable response: \(what)")
        case .missingData(let what):
            return Self.oneLine("missing data: \(what)")
        case .throttled(let until):
            let seconds = max(0, Int(until.timeIntervalSinceNow.rounded(.up)))
            return "throttled by the API: next request in \(seconds)s"
        case .quotaExhausted(let resetsAt):
            return "daily API quota used up: no requests until it resets at \(Self.utcTime(resetsAt))"
        case .cancelled:
            return "cancelled"
        case .responseTooLarge(let limit):
            return "response too large (over \(Self.size(limit))): refused"
        case .redirectRefused(let target):
            return Self.oneLine("redirect refused: \(target)")
        }
    }

    /// True for the API's `throttle_violation` (`error_id` 502): never retried.
    public var isThrottleViolation: Bool {
        if case .stackExchange(let id, _, _) = self { return id == ErrorBody.throttleViolationID }
        return false
    }

    /// True for the failures worth another try: a lost or refused connection, a timeout, no network, an HTTP
    /// 5xx without an API error body, and the API's `internal_error` and `temporarily_unavailable`.
    public var isTransient: Bool {
        switch self {
        case .transport(let urlError):
            return [.timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet]
                .contains(urlError.code)
        case .httpStatus(let code, _):
            return (500..<600).contains(code)
        case .stackExchange(let id, let name, let message):
            return ErrorBody(id: id, name: name, message: message).isTransient
        case .decoding, .missingData, .throttled, .quotaExhausted, .cancelled, .responseTooLarge, .redirectRefused:
            return false
        }
    }

    /// True when a write that was sent may have been carried out although no answer says so: the answer timed
    /// out (or passed the deadline), the connection was lost, or the answer could not be read. A refused connection,
    /// an unknown host, no network, or any answer of the API's means it was not.
    public var leavesWriteOutcomeUnknown: Bool {
        switch self {
        case .transport(let urlError):
            return ![.cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed,
                     .unsupportedURL, .badURL].contains(urlError.code)
        case .cancelled, .decoding, .responseTooLarge:
            return true
        case .httpStatus(let code, _):
            return (500..<600).contains(code)
        case .stackExchange, .missingData, .throttled, .quotaExhausted, .redirectRefused:
            return false
        }
    }

    /// `2026-11-24 00:00 UTC`.
    static func utcTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)) UTC"
    }

    private static func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: return "timed out"
        case .cannotConnectToHost: return "cannot connect to host"
        case .networkConnectionLost: return "connection lost"
        case .notConnectedToInternet: return "not connected"
        case .cannotFindHost: return "host not found"
        case .cancelled: return "cancelled"
        case .serverCertificateUntrusted: return "the server's certificate is not trusted"
        case .secureConnectionFailed: return "the secure connection failed"
        case .badServerResponse: return "the server's answer was not HTTP"
        case .cannotDecodeContentData: return "the answer's encoding could not be read"
        case .httpTooManyRedirects: return "too many redirects"
        case .dataLengthExceedsMaximum: return "a header line of the answer was too long"
        case .unsupportedURL: return "the address's scheme is not supported"
        case .badURL: return "the address is not valid"
        case .dnsLookupFailed: return "host not found"
        default:
            // libcurl's own words where it gave some (a CurlTask's failure carries them), else Foundation's.
            if let words = error.userInfo[NSLocalizedDescriptionKey] as? String, !words.isEmpty {
                return oneLine(words, limit: 120)
            }
            return "the request failed (\(error.code.rawValue))"
        }
    }

    /// `8 MB`, `256 KB`, `500 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }

    /// Collapses whitespace and control characters so a message always fits one status line.
    static func oneLine(_ text: String, limit: Int = 200) -> String {
        var out = ""
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            if isSpace {
                if !lastWasSpace && !out.isEmpty { out.append(" ") }
                lastWasSpace = true
            } else {
                out.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
            if out.count >= limit { return String(out.prefix(limit - 1)) + "…" }
        }
        return out.trimmingCharacters(in: .whitespaces)
    }
}
