@testable import HTTPDriver
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import StackExchange
import Testing

/// Which redirects a request may follow, decided without a network.
struct RedirectPolicyTests {
    private func request(_ address: String, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: URL(string: address)!)
        request.httpMethod = method
        return request
    }

    @Test func aWriteIsNeverRedirected() {
        let original = request("https://api.stackexchange.com/2.3/comments/1/add", method: "POST")
        let next = request("https://api.stackexchange.com/2.3/comments/1/add", method: "POST")
        guard case .refuse(let reason) = RedirectPolicy.follow(from: original, to: next) else {
            Issue.record("a POST was redirected")
            return
        }
        #expect(reason.contains("POST"))
    }

    @Test func plainHTTPIsFollowedOnlyOnLoopback() {
        let original = request("https://api.stackexchange.com/2.3/questions")
        #expect(RedirectPolicy.follow(from: original, to: request("http://evil.example/x")) == .refuse("plain http to http://evil.example"))
        if case .refuse = RedirectPolicy.follow(from: original, to: request("http://127.0.0.1:8080/x")) {
            Issue.record("loopback http was refused")
        }
    }

    @Test func anotherOriginLosesTheCredentials() {
        let original = request("https://api.stackexchange.com/2.3/questions?key=k&access_token=t")
        let next = request("https://other.example/2.3/questions?site=so&key=k&access_token=t")
        guard case .follow(let followed) = RedirectPolicy.follow(from: original, to: next) else {
            Issue.record("refused")
            return
        }
        #expect(followed.url?.absoluteString == "https://other.example/2.3/questions?site=so")
    }

    @Test func theSameOriginKeepsThem() {
        let original = request("https://api.stackexchange.com/2.3/questions?key=k")
        let next = request("https://api.stackexchange.com/2.3/questions?page=2&key=k")
        #expect(RedirectPolicy.follow(from: original, to: next) == .follow(next))
    }
}
