@testable import HTTPDriver
import CLazyCurl
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import StackExchange
import Testing

/// What the libcurl driver reads from a server's bytes and how it grows its buffers (`HTTPExchange.c`), what
/// `CurlTask` makes of header lines and libcurl's codes, and which requests may go through a proxy.
struct HTTPExchangeParsingTests {
    /// `stackterm_http_announced_length` over exactly `line`'s first `length` bytes, with `line`'s other bytes after
    /// them in the same allocation (as libcurl's buffer holds the rest of an earlier line there).
    private static func announced(_ line: String, length: Int) -> Int64 {
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { stackterm_http_announced_length($0.baseAddress, length) }
        }
    }

    private static func announced(_ line: String) -> Int64 { announced(line, length: line.utf8.count) }

    @Test func aContentLengthLineAnnouncesItsNumber() {
        #expect(Self.announced("Content-Length: 1234\r\n") == 1234)
        #expect(Self.announced("content-length:\t42\r\n") == 42)
        #expect(Self.announced("CONTENT-LENGTH:7") == 7)
        #expect(Self.announced("Content-Length: 99999999999999999999999999\r\n") == Int64.max)
        #expect(Self.announced("Content-Type: text/html\r\n") == -1)
    }

    @Test func aContentLengthWithoutANumberAnnouncesNothing() {
        #expect(Self.announced("Content-Length:\r\n") == -1)
        #expect(Self.announced("Content-Length: abc\r\n") == -1)
        #expect(Self.announced("Content-Length:") == -1)
    }

    @Test func onlyTheLinesOwnBytesAreRead() {
        // The line ends after "Content-Length:" (no NUL); digits follow it in memory.
        #expect(Self.announced("Content-Length:\r\n99999999999", length: 17) == -1)
        #expect(Self.announced("Content-Length:99999999999", length: 15) == -1)
        #expect(Self.announced("Content-Length: 12345", length: 18) == 12)
    }

    @Test func aBufferGrowsByDoublingFrom4096() {
        var grown = 0
        #expect(stackterm_http_grown_capacity(0, 0, 10, &grown) == 1)
        #expect(grown == 4096)
        #expect(stackterm_http_grown_capacity(4096, 4000, 200, &grown) == 1)
        #expect(grown == 8192)
        #expect(stackterm_http_grown_capacity(8192, 100, 200, &grown) == 1)
        #expect(grown == 8192)
    }

    @Test func aGrowthPastWhatASizeCountsIsRefused() {
        var grown = 0
        let half = Int(bitPattern: UInt(Int.max) + 1)
        // The held bytes and the added ones together wrap around: refused, not taken for a small size.
        #expect(stackterm_http_grown_capacity(half, half, Int(bitPattern: UInt.max - 16), &grown) == 0)
        #expect(stackterm_http_grown_capacity(Int(bitPattern: UInt.max), Int(bitPattern: UInt.max), 1, &grown) == 0)
        // Doubling would wrap: exactly what is needed instead.
        let needed = Int(bitPattern: UInt.max - 100)
        #expect(stackterm_http_grown_capacity(half, half, needed - half - 1, &grown) == 1)
        #expect(grown == needed)
    }

    /// What the joining gives; that it takes time in proportion to the text (not to its square, as joining value by
    /// value did) shows only in time, which no test here asserts.
    @Test func repeatedHeaderNamesAreJoinedInOrder() {
        let fields = CurlTask.headerFields("HTTP/1.1 200 OK\r\nX-Repeated: a\r\nOther: one\r\nX-Repeated:  b \r\nX-Repeated: c\r\n")
        #expect(fields == ["Other": "one", "X-Repeated": "a, b, c"])
    }

    @Test func anHTTPAddressAnsweredWithoutHTTPIsABadServerResponse() {
        #expect(CurlTask.urlErrorCode(curlCode: 1, scheme: "http") == .badServerResponse)
        #expect(CurlTask.urlErrorCode(curlCode: 1, scheme: "https") == .badServerResponse)
        #expect(CurlTask.urlErrorCode(curlCode: 1, scheme: "ftp") == .unsupportedURL)
        #expect(CurlTask.urlErrorCode(curlCode: 27) == .dataLengthExceedsMaximum)
        #expect(CurlTask.urlErrorCode(curlCode: 100) == .dataLengthExceedsMaximum)
    }

    @Test func transportFailuresAreSaidInWords() {
        #expect(APIError.transport(URLError(.dataLengthExceedsMaximum)).message
            == "network error: a header line of the answer was too long")
        #expect(APIError.transport(URLError(.unsupportedURL)).message == "network error: the address's scheme is not supported")
        let withWords = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "Failed writing\nreceived data"])
        #expect(APIError.transport(withWords).message == "network error: Failed writing received data")
        #expect(!APIError.transport(URLError(.unknown)).message.contains("URL error"))
    }

    @Test func aLimitIsSaidInTheUnitThatFitsIt() {
        #expect(APIError.responseTooLarge(limit: 8 << 20).message == "response too large (over 8 MB): refused")
        #expect(APIError.responseTooLarge(limit: 256 << 10).message == "response too large (over 256 KB): refused")
        #expect(APIError.responseTooLarge(limit: 500).message == "response too large (over 500 bytes): refused")
    }

    private static func request(_ address: String, body: String? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: address)!)
        if let body {
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
        }
        return request
    }

    @Test func loopbackIsNeverProxied() {
        #expect(!ProxyRule.mayUseProxy(Self.request("http://127.0.0.1:8080/2.3/info?key=secret")))
        #expect(!ProxyRule.mayUseProxy(Self.request("http://localhost:8080/2.3/info")))
        #expect(!ProxyRule.mayUseProxy(Self.request("http://[::1]:8080/2.3/info")))
        #expect(!ProxyRule.mayUseProxy(Self.request("https://127.0.0.2/2.3/info")))
    }

    @Test func plainHTTPCarryingTheKeyOrATokenIsNeverProxied() {
        #expect(!ProxyRule.mayUseProxy(Self.request("http://api.example.org/2.3/info?site=so&key=secret")))
        #expect(!ProxyRule.mayUseProxy(Self.request("http://api.example.org/2.3/info?access_token=t")))
        #expect(!ProxyRule.mayUseProxy(Self.request("http://api.example.org/2.3/questions/1/upvote", body: "key=secret&site=so")))
        #expect(ProxyRule.mayUseProxy(Self.request("http://api.example.org/2.3/info?site=so")))
    }

    @Test func httpsGoesThroughAProxyInsideItsTunnel() {
        #expect(ProxyRule.mayUseProxy(Self.request("https://api.stackexchange.com/2.3/info?site=so&key=secret")))
    }
}
