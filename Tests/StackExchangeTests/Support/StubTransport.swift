@testable import HTTPDriver
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import StackExchange
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
/// Tests give their client a `StubTransport` for it (`makeClient`); nothing leaves the process, and parallel tests never
/// see each other's requests.
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
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:9/\(token)/2.3")! }
    var arrivals: [Arrival] { state.withLock { $0.arrivals } }
    var requestCount: Int { state.withLock { $0.arrivals.count } }
    /// How many tasks were cancelled while on their way (a cancelled task stops its load).
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

    func stopped(_ task: StubTask) {
        state.withLock { state in
            state.stops += 1
            state.held.removeAll { $0.task === task }
        }
    }

    /// Sends every held answer.
    func releaseHeld() {
        let held = state.withLock { state -> [HeldLoad] in
            defer { state.held = [] }
            return state.held
        }
        for item in held { item.task.answer(status: item.status, body: item.body) }
    }

    /// A task waiting for `releaseHeld()`.
    struct HeldLoad: Sendable {
        var task: StubTask
        var status: Int
        var body: Data
    }
}

/// A transport whose tasks `server` answers, in process; completions run on `completionQueue` when one is given (a
/// test suspends it to hold an answer back), else on a concurrent queue, never the caller's thread (as `CurlTask`'s).
struct StubTransport: RequestTransport {
    let server: StubServer
    var completionQueue: OperationQueue?

    func task(
        for request: URLRequest, timeout: TimeInterval, limit: Int,
        completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any RequestTask {
        StubTask(request, server: server, completionQueue: completionQueue, completion: completion)
    }
}

/// One request to a `StubServer`: it arrives when resumed and completes once, with the script's answer or a cancel.
final class StubTask: RequestTask, @unchecked Sendable {
    // @unchecked Sendable: the OperationQueue is thread-safe but not declared Sendable; everything else is a let or
    // behind the Mutex.
    private let request: URLRequest
    private let server: StubServer
    private let completionQueue: OperationQueue?
    private let completion: Mutex<(@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?>
    private let started = Mutex(false)

    init(
        _ request: URLRequest, server: StubServer, completionQueue: OperationQueue?,
        completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) {
        self.request = request
        self.server = server
        self.completionQueue = completionQueue
        self.completion = Mutex(completion)
    }

    func resume() {
        let first = started.withLock { started -> Bool in
            defer { started = true }
            return !started
        }
        guard first else { return }
        let (path, index) = server.arrived(request)
        switch server.reply(path: path, index: index) {
        case .respond(let status, let body): answer(status: status, body: body)
        case .fail(let code): complete(nil, nil, URLError(code))
        case .hold(let status, let body): server.hold(StubServer.HeldLoad(task: self, status: status, body: body))
        }
    }

    func cancel() {
        guard completion.withLock({ $0 != nil }) else { return }
        server.stopped(self)
        complete(nil, nil, URLError(.cancelled))
    }

    func answer(status: Int, body: Data) {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json; charset=utf-8"])
        complete(body, response, nil)
    }

    private func complete(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
        guard let completion = completion.withLock({ current in defer { current = nil }; return current }) else { return }
        if let completionQueue {
            completionQueue.addOperation { completion(data, response, error) }
        } else {
            DispatchQueue.global().async { completion(data, response, error) }
        }
    }
}
