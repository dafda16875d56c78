internal import CLazyCurl
public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
import Synchronization

/// A request sent through libcurl itself (`HTTPExchange.c`), following the redirects `RedirectPolicy` allows.
///
/// It gives its completion what Foundation's data tasks would: the body (libcurl has inflated gzip) and an
/// `HTTPURLResponse`; or `ResponseRefused` (a body past `limit`, a redirect refused); or a `URLError` for a
/// transport failure (`URLError(.cancelled)` after `cancel()`). The completion runs once, on a queue of its own
/// (`completionQueue`), never on the exchange thread: what it does (inflating, decoding JSON) holds no other transfer and
/// no cancel.
final class CurlTask: RequestTask, Sendable {
    typealias Completion = @Sendable (Data?, URLResponse?, (any Error)?) -> Void

    /// The most redirects one request follows (the API never sends more than one).
    static let redirectLimit = 10

    /// Where completions run: off the exchange thread, several at once.
    static let completionQueue = DispatchQueue(label: "stackterm.curl-completions", qos: .userInitiated, attributes: .concurrent)

    private struct State {
        var started = false
        var cancelled = false
        /// The exchange on the wire (`stackterm_http_start`'s id), 0 between two.
        var exchangeID = 0
        var redirects = 0
        /// The request on the wire: the original, or the redirect it followed.
        var current: URLRequest?
        var completion: Completion?
    }

    private let original: URLRequest
    private let timeout: TimeInterval
    private let limit: Int
    private let state: Mutex<State>

    init(_ request: URLRequest, timeout: TimeInterval, limit: Int, completion: @escaping Completion) {
        original = request
        self.timeout = timeout
        self.limit = limit
        state = Mutex(State(completion: completion))
    }

    func resume() {
        let (first, cancelled) = state.withLock { inner -> (Bool, Bool) in
            defer { inner.started = true }
            return (!inner.started, inner.cancelled)
        }
        guard first else { return }
        // A task cancelled before it starts never opens a connection: it completes as cancelled at once.
        if cancelled {
            Self.completionQueue.async { self.complete(nil, nil, URLError(.cancelled)) }
        } else {
            send(original)
        }
    }

    func cancel() {
        let id = state.withLock { inner -> Int in
            inner.cancelled = true
            return inner.exchangeID
        }
        if id != 0 { stackterm_http_cancel(id) }
    }

    /// Starts one exchange for `request` (the original or a redirect's).
    private func send(_ request: URLRequest) {
        guard let url = request.url?.absoluteString else {
            complete(nil, nil, URLError(.badURL))
            return
        }
        // libcurl asks for gzip itself (and inflates it); every other header goes as the request has it.
        let lines = (request.allHTTPHeaderFields ?? [:])
            .filter { $0.key.caseInsensitiveCompare("Accept-Encoding") != .orderedSame }
            .map { "\($0.key): \($0.value)" }
        let body = request.httpBody ?? Data()
        let isPost = request.httpMethod == "POST"
        state.withLock { $0.current = request }
        let context = Unmanaged.passRetained(self).toOpaque()
        let id = withCStrings(lines) { headers in
            url.withCString { urlText in
                body.withUnsafeBytes { bodyBytes in
                    var exchange = stackterm_http_request(
                        url: urlText, is_post: isPost ? 1 : 0, headers: headers, header_count: Int32(lines.count),
                        body: bodyBytes.baseAddress?.assumingMemoryBound(to: CChar.self), body_length: bodyBytes.count,
                        timeout_seconds: max(1, Int(timeout.rounded(.up))), body_limit: limit,
                        header_limit: ResponseLimit.headerBytes, direct: ProxyRule.mayUseProxy(request) ? 0 : 1
                    )
                    return stackterm_http_start(&exchange, curlTaskFinished, context)
                }
            }
        }
        guard id != 0 else {
            Unmanaged<CurlTask>.fromOpaque(context).release()
            complete(nil, nil, URLError(.unknown))
            return
        }
        let cancelledMeanwhile = state.withLock { inner -> Bool in
            inner.exchangeID = id
            return inner.cancelled
        }
        if cancelledMeanwhile { stackterm_http_cancel(id) }
    }

    /// One exchange ended: completes the task, or follows the redirect it was.
    fileprivate func exchangeEnded(_ outcome: CurlOutcome) {
        let request = state.withLock { inner -> URLRequest in
            inner.exchangeID = 0
            return inner.current ?? original
        }
        let url = request.url ?? original.url!
        let response = outcome.status > 0 ? Self.response(outcome, url: url) : nil
        if outcome.code == -1 {
            complete(nil, response, URLError(.cancelled))
            return
        }
        if outcome.headersTooLarge {
            complete(nil, response, ResponseRefused.tooLarge(limit: ResponseLimit.headerBytes))
            return
        }
        if outcome.tooLarge {
            complete(nil, response, ResponseRefused.tooLarge(limit: limit))
            return
        }
        if outcome.code != 0 {
            let words = outcome.error
            complete(nil, response, URLError(Self.urlErrorCode(curlCode: outcome.code, scheme: url.scheme), userInfo: [
                NSLocalizedDescriptionKey: words.isEmpty ? "libcurl error \(outcome.code)" : words,
                NSURLErrorFailingURLErrorKey: url,
            ]))
            return
        }
        if let response, [301, 302, 303, 307, 308].contains(response.statusCode),
           let location = response.value(forHTTPHeaderField: "Location"),
           let target = URL(string: location, relativeTo: url)?.absoluteURL
        {
            var next = original
            next.url = target
            switch RedirectPolicy.follow(from: original, to: next) {
            case .refuse(let reason):
                complete(nil, response, ResponseRefused.redirect(reason))
            case .follow(let allowed):
                let (cancelled, count) = state.withLock { inner -> (Bool, Int) in
                    inner.redirects += 1
                    return (inner.cancelled, inner.redirects)
                }
                if cancelled {
                    complete(nil, response, URLError(.cancelled))
                } else if count > Self.redirectLimit {
                    complete(nil, response, URLError(.httpTooManyRedirects))
                } else {
                    send(allowed)
                }
            }
            return
        }
        complete(outcome.body, response, nil)
    }

    private func complete(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
        let completion = state.withLock { inner -> Completion? in
            defer { inner.completion = nil }
            return inner.completion
        }
        completion?(data, response, error)
    }

    /// The response an outcome's status and header lines describe.
    static func response(_ outcome: CurlOutcome, url: URL) -> HTTPURLResponse? {
        let text = String(decoding: outcome.headers, as: UTF8.self)
        return HTTPURLResponse(url: url, statusCode: outcome.status, httpVersion: "HTTP/1.1", headerFields: headerFields(text))
    }

    /// "Name: value" lines after the status line, as a dictionary (a repeated name's values joined by ", ", each
    /// name's once: the time it takes grows with the text, however often a name repeats).
    static func headerFields(_ text: String) -> [String: String] {
        var values: [String: [String]] = [:]
        for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }).dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            values[name, default: []].append(value)
        }
        return values.mapValues { $0.joined(separator: ", ") }
    }

    /// The URLError a libcurl code stands for, as Foundation's networking names them; `scheme` is the request's.
    static func urlErrorCode(curlCode: Int, scheme: String? = "https") -> URLError.Code {
        switch curlCode {
        // CURLE_UNSUPPORTED_PROTOCOL: for an http(s) address, the server answered without HTTP's status line (HTTP/0.9).
        case 1: ["http", "https"].contains(scheme?.lowercased()) ? .badServerResponse : .unsupportedURL
        case 3: .badURL  // CURLE_URL_MALFORMAT
        case 5, 6: .cannotFindHost  // CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST
        case 7: .cannotConnectToHost  // CURLE_COULDNT_CONNECT
        case 8: .badServerResponse  // CURLE_WEIRD_SERVER_REPLY
        // A header line past libcurl's own limit: CURLE_OUT_OF_MEMORY before libcurl 8.6, CURLE_TOO_LARGE since (the
        // driver's own lack of memory is -2, not 27).
        case 27, 100: .dataLengthExceedsMaximum
        case 28: .timedOut  // CURLE_OPERATION_TIMEDOUT
        case 35: .secureConnectionFailed  // CURLE_SSL_CONNECT_ERROR
        case 47: .httpTooManyRedirects  // CURLE_TOO_MANY_REDIRECTS
        case 58, 60, 77, 83: .serverCertificateUntrusted  // certificate problems, CA file, issuer
        case 61: .cannotDecodeContentData  // CURLE_BAD_CONTENT_ENCODING
        // The connection went away: nothing (GOT_NOTHING), a send or receive failed, a body cut short, HTTP/2 reset.
        case 16, 18, 52, 55, 56, 92: .networkConnectionLost
        default: .unknown
        }
    }
}

/// The exchange's completion, on the exchange thread: copies the outcome and hands it to its task on the completion
/// queue, so that the thread goes back to its transfers at once.
private func curlTaskFinished(_ context: UnsafeMutableRawPointer?, _ outcome: UnsafePointer<stackterm_http_outcome>?) {
    guard let context, let outcome else { return }
    let task = Unmanaged<CurlTask>.fromOpaque(context).takeRetainedValue()
    let copied = CurlOutcome(outcome.pointee)
    CurlTask.completionQueue.async { task.exchangeEnded(copied) }
}

/// Runs `body` with `strings` as an array of C strings.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
