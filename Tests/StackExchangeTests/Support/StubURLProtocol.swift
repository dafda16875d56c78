import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// What a stub answers to one request.
enum StubReply: Sendable {
    /// An HTTP answer.
    case respond(status: Int, body: Data)
    /// A transport failure.
    case fail(URLError.Code)
    /// No answer until `StubServer.releaseHeld()`, then this one.
    case hold(status: Int, body: Data)
}

/// A scripted API for one test: answers requests from a closure and records what arrived when.
///
/// Tests give their client a base URL `http://127.0.0.1:9/<token>/2.3`; `StubURLProtocol` finds the server by
/// that token, so parallel tests never see each other's requests, and nothing leaves the process.
final class StubServer: Sendable {
    /// A request as it arrived.
    struct Arrival: Sendable {
        var url: URL
        var path: String
        var at: Date
        var headers: [String: String]
    }

    private struct State {
        var arrivals: [Arrival] = []
        var stops = 0
        var held: [HeldLoad] = []
    }

    let token: String
    private let reply: @Sendable (_ path: String, _ index: Int) -> StubReply
    private let state = Mutex(State())

    /// `reply` gets the request's path below `/2.3` (`/questions/1/answers`) and its 0-based arrival number.
    init(reply: @escaping @Sendable (_ path: String, _ index: Int) -> StubReply) {
        self.token = "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        self.reply = reply
        StubURLProtocol.register(self)
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:9/\(token)/2.3")! }
    var arrivals: [Arrival] { state.withLock { $0.arrivals } }
    var requestCount: Int { state.withLock { $0.arrivals.count } }
    /// How many loads URLSession stopped (a cancelled task stops its load).
    var stopCount: Int { state.withLock { $0.stops } }
    var heldCount: Int { state.withLock { $0.held.count } }

    func arrived(_ request: URLRequest) -> (path: String, index: Int) {
        let url = request.url!
        let prefix = "/\(token)/2.3"
        let path = url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.path
        let index = state.withLock { state -> Int in
            state.arrivals.append(Arrival(url: url, path: path, at: Date(), headers: request.allHTTPHeaderFields ?? [:]))
            return state.arrivals.count - 1
        }
        return (path, index)
    }

    func reply(path: String, index: Int) -> StubReply { reply(path, index) }

    func hold(_ load: HeldLoad) { state.withLock { $0.held.append(load) } }

    func stopped(_ load: StubURLProtocol) {
        state.withLock { state in
            state.stops += 1
            state.held.removeAll { $0.load === load }
        }
    }

    /// Sends every held answer.
    func releaseHeld() {
        let held = state.withLock { state -> [HeldLoad] in
            defer { state.held = [] }
            return state.held
        }
        for item in held { item.load.send(status: item.status, body: item.body) }
    }

    /// A load waiting for `releaseHeld()`.
    struct HeldLoad: @unchecked Sendable {
        // @unchecked Sendable: URLProtocol is not marked Sendable, but its client callbacks are thread-safe.
        var load: StubURLProtocol
        var status: Int
        var body: Data
    }
}

/// Serves requests from the `StubServer` named in the URL path; registered in a session's `protocolClasses`.
final class StubURLProtocol: URLProtocol {
    private static let servers = Mutex<[String: StubServer]>([:])
    private var server: StubServer?

    static func register(_ server: StubServer) {
        servers.withLock { $0[server.token] = server }
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let token = request.url?.pathComponents.dropFirst().first ?? ""
        guard let server = Self.servers.withLock({ $0[token] }) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        self.server = server
        let (path, index) = server.arrived(request)
        switch server.reply(path: path, index: index) {
        case .respond(let status, let body):
            send(status: status, body: body)
        case .fail(let code):
            client?.urlProtocol(self, didFailWithError: URLError(code))
        case .hold(let status, let body):
            server.hold(StubServer.HeldLoad(load: self, status: status, body: body))
        }
    }

    override func stopLoading() {
        server?.stopped(self)
    }

    func send(status: Int, body: Data) {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json; charset=utf-8"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }
}
