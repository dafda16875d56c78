@testable import HTTPDriver
import CLazyCurl
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import StackExchange
import Synchronization
import TestSupport
import Testing

/// `CurlTask` over `HTTPExchange.c` against a server that breaks HTTP's rules on purpose (`HostileServer`): trailers
/// without end, a header line past libcurl's limit, an answer with no status line, an interim response that
/// announces a huge body, a completion that takes its time, and a cancel that arrives while the exchange is on its
/// way to libcurl. Each ends in a bounded time, said in words, and holds no other request.
@Suite(.serialized)
struct CurlTaskHostileServerTests {
    typealias Outcome = CurlTaskIntegrationTests.Outcome

    /// A one-way gate a server script waits at until the test opens it (or 30 s pass, so no script waits forever).
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        private let reached = Mutex(false)

        /// Whether the script has come to the gate.
        var isReached: Bool { reached.withLock { $0 } }

        func wait() {
            reached.withLock { $0 = true }
            _ = semaphore.wait(timeout: .now() + 30)
        }

        func open() { semaphore.signal() }
    }

    private static func request(_ server: HostileServer, _ path: String, timeout: TimeInterval = 20) -> URLRequest {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
        request.timeoutInterval = timeout
        return request
    }

    /// Starts a `CurlTask` for `path` whose completion `outcome` records.
    private static func start(_ server: HostileServer, _ path: String, _ outcome: Outcome, timeout: TimeInterval = 20) {
        let request = Self.request(server, path, timeout: timeout)
        CurlTask(request, timeout: request.timeoutInterval, limit: ResponseLimit.bytes, completion: outcome.completion).resume()
    }

    /// Sends `path` and waits for its completion.
    private static func sent(_ server: HostileServer, _ path: String) async -> Outcome {
        let outcome = Outcome()
        start(server, path, outcome)
        #expect(await eventually { outcome.calls == 1 })
        return outcome
    }

    private static let ordinaryAnswer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"

    @Test func trailersWithoutEndAreRefusedAsTooLargeWhileAnotherRequestGoesThrough() async throws {
        let gate = Gate()
        let trailersCutOff = Mutex(false)
        let server = try HostileServer { connection in
            guard connection.requestLine.contains("/trailers") else {
                connection.write(Self.ordinaryAnswer)
                return
            }
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n"
            guard connection.write(head) else { return }
            // Half the cap, then a pause while the other request goes through, then trailers up to 32 MB.
            var index = 0
            while connection.bytesWritten < 32 << 20 {
                if index == 1_000 { gate.wait() }
                guard connection.write("X-Trailer-\(index): \(String(repeating: "a", count: 100))\r\n") else {
                    trailersCutOff.withLock { $0 = true }
                    return
                }
                index += 1
            }
            connection.write("\r\n")
        }
        defer {
            gate.open()
            server.stop()
        }

        let endless = Outcome()
        // Its own timeout far off: the trailers pause while the other request goes through, which takes more than the
        // default 20 s when the whole suite runs beside it on a loaded machine; the cap, not the clock, ends it.
        Self.start(server, "/trailers", endless, timeout: 300)
        #expect(await eventually { gate.isReached })
        // The other request, sent while the first's trailers are still coming, ends first.
        let other = await Self.sent(server, "/ordinary")
        #expect(other.response?.statusCode == 200)
        #expect(other.data == Data("{}".utf8))
        #expect(endless.calls == 0)

        gate.open()
        #expect(await eventually { endless.calls == 1 })
        guard case .tooLarge(let limit)? = endless.refusal else {
            Issue.record("expected a refusal as too large, got \(String(describing: endless.response?.statusCode))")
            return
        }
        #expect(limit == ResponseLimit.headerBytes)
        #expect(ResponseRefused.tooLarge(limit: limit).apiError.message == "response too large (over 256 KB): refused")
        // The client stopped reading at the cap: the server could not write its 32 MB.
        #expect(await eventually { trailersCutOff.withLock { $0 } })
    }

    @Test func aCompletionThatTakesItsTimeHoldsNoOtherExchange() async throws {
        let server = try HostileServer { connection in connection.write(Self.ordinaryAnswer) }
        defer { server.stop() }
        let otherEnded = DispatchSemaphore(value: 0)
        // nil while the first completion waits; then whether the other request's completion is what ended the wait.
        let firstCompletion = Mutex<(entered: Bool, releasedByOther: Bool?)>((false, nil))
        let first = CurlTask(Self.request(server, "/first"), timeout: 20, limit: ResponseLimit.bytes) { _, _, _ in
            firstCompletion.withLock { $0.entered = true }
            // As long as a large decode would take: until the other request has ended, or 20 s.
            let released = otherEnded.wait(timeout: .now() + 20) == .success
            firstCompletion.withLock { $0.releasedByOther = released }
        }
        first.resume()
        #expect(await eventually { firstCompletion.withLock { $0.entered } })

        let other = Outcome()
        let recording = other.completion
        CurlTask(Self.request(server, "/other"), timeout: 20, limit: ResponseLimit.bytes) { data, response, error in
            recording(data, response, error)
            otherEnded.signal()
        }.resume()
        #expect(await eventually { other.calls == 1 })
        #expect(other.response?.statusCode == 200)
        #expect(await eventually(within: 25) { firstCompletion.withLock { $0.releasedByOther } != nil })
        #expect(firstCompletion.withLock { $0.releasedByOther } == true)
    }

    /// The exchange thread calls the hook between configuring an exchange and linking it into its transfers: the
    /// moment a cancel used to be lost in. The hook cancels there, as another thread's cancel would.
    @Test func aCancelWhileTheExchangeIsOnItsWayToLibcurlEndsIt() async throws {
        // Never answers: only a cancel ends the request before its timeout.
        let server = try HostileServer { connection in _ = connection.waitForPeerToClose() }
        stackterm_http_set_transit_hook { id, url in
            guard let url, String(cString: url).hasSuffix("/cancel-in-transit") else { return }
            stackterm_http_cancel(id)
        }
        defer {
            stackterm_http_set_transit_hook(nil)
            server.stop()
        }

        let outcome = Outcome()
        Self.start(server, "/cancel-in-transit", outcome)
        #expect(await eventually { outcome.calls == 1 })
        #expect(outcome.urlErrorCode == .cancelled)
        // No connection stays open: the server saw none, or saw each closed by the client.
        #expect(await eventually { server.openConnections == 0 && server.closedByPeer == server.heads.count })
    }

    @Test func anInterimResponsesContentLengthIsNotTheBodys() async throws {
        let server = try HostileServer { connection in
            connection.write("HTTP/1.1 103 Early Hints\r\nContent-Length: 99999999999\r\nLink: </style.css>\r\n\r\n" + Self.ordinaryAnswer)
        }
        defer { server.stop() }
        let outcome = await Self.sent(server, "/early-hints")
        #expect(outcome.refusal == nil)
        #expect(outcome.response?.statusCode == 200)
        #expect(outcome.data == Data("{}".utf8))
    }

    @Test func aTrailersContentLengthIsNotTheBodys() async throws {
        let server = try HostileServer { connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "2\r\n{}\r\n0\r\nContent-Length: 99999999999\r\n\r\n")
        }
        defer { server.stop() }
        let outcome = await Self.sent(server, "/trailer-length")
        #expect(outcome.refusal == nil)
        #expect(outcome.data == Data("{}".utf8))
    }

    /// A `Content-Length:` without a number announces no size. That only the line's own bytes are read is
    /// `HTTPExchangeParsingTests.onlyTheLinesOwnBytesAreRead`: libcurl 8 ends each header line it hands over with a NUL
    /// in its own buffer, so no wire bytes reach past the line here (this test passed with the old `strtoll` read).
    @Test func aContentLengthWithoutAValueIsNoAnnouncedSize() async throws {
        let server = try HostileServer { connection in
            connection.write("HTTP/1.1 200 OK\r\nX-Padding-Abcdef:99999999999999\r\nContent-Length:\r\n"
                + "Content-Type: application/json\r\nConnection: close\r\n\r\n{}")
        }
        defer { server.stop() }
        let outcome = await Self.sent(server, "/no-length")
        #expect(outcome.refusal == nil)
        let error = outcome.urlError.map { APIError.transport($0).message } ?? ""
        #expect(!error.contains("URL error"), "\(error)")
    }

    @Test func aHeaderLinePastLibcurlsLimitIsSaidInWords() async throws {
        let server = try HostileServer { connection in
            connection.write("HTTP/1.1 200 OK\r\nX-Big: \(String(repeating: "b", count: 110 << 10))\r\nContent-Length: 2\r\n\r\n{}")
        }
        defer { server.stop() }
        let outcome = await Self.sent(server, "/big-header")
        let error = try #require(outcome.urlError)
        #expect(error.code == .dataLengthExceedsMaximum)
        #expect(APIError.transport(error).message == "network error: a header line of the answer was too long")
    }

    @Test func anAnswerWithoutAStatusLineIsSaidInWords() async throws {
        let server = try HostileServer { connection in connection.write("{\"items\":[]}\n") }
        defer { server.stop() }
        let outcome = await Self.sent(server, "/http-0.9")
        let error = try #require(outcome.urlError)
        #expect(error.code == .badServerResponse)
        #expect(APIError.transport(error).message == "network error: the server's answer was not HTTP")
    }
}
