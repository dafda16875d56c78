@testable import HTTPDriver
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import StackExchange
import StackExchangeReplica
import Synchronization
import TestSupport
import Testing

/// The program's own path to the network (`CurlTask` over `HTTPExchange.c`), against the replica on loopback: what
/// it hands its completion for an answer, a refusal, a cancel, a dead port and a silent server, and that it hands it
/// exactly once.
@Suite(.serialized)
struct CurlTaskIntegrationTests {
    /// What one task's completion was given, and how many times it ran.
    final class Outcome: Sendable {
        private struct Seen {
            var calls = 0
            var data: Data?
            var response: HTTPURLResponse?
            var error: (any Error)?
        }

        private let seen = Mutex(Seen())

        var completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void {
            { data, response, error in
                self.seen.withLock {
                    $0.calls += 1
                    $0.data = data
                    $0.response = response as? HTTPURLResponse
                    $0.error = error
                }
            }
        }

        var calls: Int { seen.withLock { $0.calls } }
        var data: Data? { seen.withLock { $0.data } }
        var response: HTTPURLResponse? { seen.withLock { $0.response } }
        var urlErrorCode: URLError.Code? { seen.withLock { ($0.error as? URLError)?.code } }
        var refusal: ResponseRefused? { seen.withLock { $0.error as? ResponseRefused } }
        var urlError: URLError? { seen.withLock { $0.error as? URLError } }
    }

    private static func request(_ replica: ReplicaServer, _ path: String, timeout: TimeInterval = 20) -> URLRequest {
        var request = URLRequest(url: URL(string: replica.baseURL.absoluteString + path)!)
        request.timeoutInterval = timeout
        request.setValue("stackterm-tests", forHTTPHeaderField: "User-Agent")
        return request
    }

    private static func withReplica(_ options: ReplicaOptions = ReplicaOptions(), _ body: (ReplicaServer) async throws -> Void) async throws {
        var options = options
        options.port = 0
        let replica = try await ReplicaServer.start(options)
        do {
            try await body(replica)
            try await replica.shutdown()
        } catch {
            try? await replica.shutdown()
            throw error
        }
    }

    /// Sends `request` through a `CurlTask` and waits for its completion.
    private static func sent(_ request: URLRequest, limit: Int = ResponseLimit.bytes) async -> Outcome {
        let outcome = Outcome()
        CurlTask(request, timeout: request.timeoutInterval, limit: limit, completion: outcome.completion).resume()
        #expect(await eventually { outcome.calls == 1 })
        return outcome
    }

    /// A request to a loopback port nothing listens on (it fails at once, `cannotConnectToHost`).
    private static func deadPortRequest() throws -> URLRequest {
        // A port the kernel just gave and took back: nothing listens there.
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(try ListeningSocketProbe.freePort())/2.3/info")!)
        request.timeoutInterval = 5
        return request
    }

    @Test func anAnswerComesWithItsStatusHeadersAndInflatedBody() async throws {
        try await Self.withReplica { replica in
            let outcome = await Self.sent(Self.request(replica, "/questions?site=stackoverflow&pagesize=2"))
            #expect(outcome.response?.statusCode == 200)
            #expect(outcome.response?.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
            // libcurl asked for gzip and inflated it: the body is the JSON itself.
            let json = try #require(outcome.data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] })
            #expect((json["items"] as? [Any])?.count == 2)
            #expect(outcome.calls == 1)
        }
    }

    @Test func aBodyPastTheLimitIsRefusedAsTooLarge() async throws {
        try await Self.withReplica { replica in
            let outcome = await Self.sent(Self.request(replica, "/questions?site=stackoverflow&pagesize=30"), limit: 500)
            guard case .tooLarge(let limit)? = outcome.refusal else {
                Issue.record("expected a refusal as too large, got \(String(describing: outcome.urlErrorCode))")
                return
            }
            #expect(limit == 500)
            #expect(outcome.data == nil)
        }
    }

    @Test func aCancelledRequestCompletesOnceAsCancelled() async throws {
        var options = ReplicaOptions()
        options.latencyMilliseconds = 5_000
        try await Self.withReplica(options) { replica in
            let outcome = Outcome()
            let task = CurlTask(Self.request(replica, "/questions?site=stackoverflow"), timeout: 20,
                                limit: ResponseLimit.bytes, completion: outcome.completion)
            task.resume()
            #expect(await eventually { replica.requestCount(pathPrefix: "/2.3/questions") >= 1 })
            task.cancel()
            #expect(await eventually { outcome.calls == 1 })
            #expect(outcome.urlErrorCode == .cancelled)
            task.cancel()
            // A second cancel gives the completion nothing more: a request sent after it has gone through the same
            // exchange thread and ended, and the first call is still the only one.
            _ = await Self.sent(try Self.deadPortRequest())
            #expect(outcome.calls == 1)
        }
    }

    @Test func aTaskCancelledBeforeItStartsNeverReachesTheServer() async throws {
        try await Self.withReplica { replica in
            let outcome = Outcome()
            let task = CurlTask(Self.request(replica, "/questions?site=stackoverflow"), timeout: 20,
                                limit: ResponseLimit.bytes, completion: outcome.completion)
            task.cancel()
            task.resume()
            #expect(await eventually { outcome.calls == 1 })
            #expect(outcome.urlErrorCode == .cancelled)
            #expect(replica.requestCount(pathPrefix: "/2.3/questions") == 0)
        }
    }

    @Test func aPortWithNobodyListeningCannotBeConnectedTo() async throws {
        let outcome = await Self.sent(try Self.deadPortRequest())
        #expect(outcome.urlErrorCode == .cannotConnectToHost)
    }

    @Test func aServerSilentPastTheTimeoutTimesOut() async throws {
        var options = ReplicaOptions()
        options.latencyMilliseconds = 4_000
        try await Self.withReplica(options) { replica in
            let outcome = await Self.sent(Self.request(replica, "/questions?site=stackoverflow", timeout: 1))
            #expect(outcome.urlErrorCode == .timedOut)
        }
    }

    @Test func headerLinesBecomeFieldsAfterTheStatusLine() {
        let fields = CurlTask.headerFields("HTTP/1.1 302 Found\r\nLocation: /next\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\n bad line\r\n\r\n")
        #expect(fields["Location"] == "/next")
        #expect(fields["Set-Cookie"] == "a=1")
        #expect(fields["set-cookie"] == "b=2")
        #expect(fields.count == 3)
    }

    @Test func libcurlCodesBecomeTheURLErrorsTheAppKnows() {
        #expect(CurlTask.urlErrorCode(curlCode: 7) == .cannotConnectToHost)
        #expect(CurlTask.urlErrorCode(curlCode: 6) == .cannotFindHost)
        #expect(CurlTask.urlErrorCode(curlCode: 28) == .timedOut)
        #expect(CurlTask.urlErrorCode(curlCode: 56) == .networkConnectionLost)
        #expect(CurlTask.urlErrorCode(curlCode: 60) == .serverCertificateUntrusted)
        #expect(CurlTask.urlErrorCode(curlCode: 9_999) == .unknown)
    }
}

/// A loopback port nothing listens on.
enum ListeningSocketProbe {
    static func freePort() throws -> Int {
        let (descriptor, port) = try LoopbackSocket.bind(listening: nil)
        close(descriptor)
        return port
    }
}
