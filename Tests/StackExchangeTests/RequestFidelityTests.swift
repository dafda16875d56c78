import Foundation
import TestSupport
import Testing
@testable import StackExchange

/// What goes on the wire survives the API's form decoding, search tags mean AND, pages above 25 need a key,
/// and the key travels only over https or to loopback.
struct RequestFidelityTests {
    let configuration = BackendConfiguration()

    /// The query as the API's server reads it: split on `&` and `=`, `+` as a space, then percent-escapes.
    func formDecoded(_ url: URL) -> [String: String] {
        var result: [String: String] = [:]
        for pair in (url.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "<undecodable>"
            }
            result[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return result
    }

    @Test(arguments: ["c++", "c#", ".net", "node.js", "objective-c", "a&b=c;d", "100%", "é ✓"])
    func aTagReachesTheAPIAsTyped(tag: String) throws {
        let url = try QuestionsListRequest(tags: [tag]).url(configuration: configuration)
        #expect(formDecoded(url)["tagged"] == tag, "\(url)")
        #expect(formDecoded(url)["site"] == "stackoverflow", "no other parameter is disturbed")
    }

    @Test func severalTagsAreJoinedWithASemicolon() throws {
        let url = try QuestionsListRequest(tags: ["c++", "c#"]).url(configuration: configuration)
        #expect(formDecoded(url)["tagged"] == "c++;c#")
    }

    @Test func searchTextReachesTheAPIAsTyped() throws {
        let text = "c++ & c# = 100% #1; é"
        let url = try SearchRequest(text: text).url(configuration: configuration)
        #expect(formDecoded(url)["q"] == text)
    }

    @Test func searchTagsAreRequiredTermsOfQ() throws {
        let request = SearchRequest(query: QuestionsQuery(tags: ["c++", ".net"], searchText: "linker"), page: 1)
        let query = formDecoded(try request.url(configuration: configuration))
        #expect(query["q"] == "[c++] [.net] linker")
        #expect(query["tagged"] == nil, "tagged would mean at least one tag on /search/advanced")
    }

    @Test func pagesAboveTwentyFiveWithoutAKeyAreRefusedBeforeSending() async throws {
        let server = StubServer { _, _ in .respond(status: 200, body: Body.questions([1])) }
        let manager = QuestionsDataManager(client: makeClient(server))
        let recorder = Recorder<Page<Question>>()
        manager.questions(QuestionsQuery(), page: 26, priority: .background, completion: recorder.completion)
        manager.questions(QuestionsQuery(searchText: "x"), page: 26, priority: .user, completion: recorder.completion)
        #expect(await eventually { recorder.count == 2 })
        for index in 0..<2 {
            guard case .stackExchange(403, "access_denied", let message)? = recorder.error(index) else {
                Issue.record("expected access_denied, got \(recorder.all)")
                return
            }
            #expect(message.contains("more pages need an app key"))
        }
        #expect(server.requestCount == 0, "neither the prefetch nor the person's page was sent")

        let keyed = QuestionsDataManager(client: makeClient(server, key: "k"))
        let served = Recorder<Page<Question>>()
        keyed.questions(QuestionsQuery(), page: 26, priority: .user, completion: served.completion)
        #expect(await eventually { served.count == 1 })
        #expect(served.value() != nil)
        #expect(server.requestCount == 1)
    }

    @Test(arguments: [
        ("https://api.stackexchange.com/2.3", true), ("http://127.0.0.1:8080/2.3", true), ("http://localhost/2.3", true),
        ("http://[::1]:9/2.3", true), ("http://127.0.0.9/2.3", true), ("http://api.stackexchange.com/2.3", false),
        ("http://127.example.com/2.3", false), ("http://10.0.0.1/2.3", false),
    ])
    func theKeyTravelsOnlyOverHTTPSOrToLoopback(base: String, allowed: Bool) throws {
        let configuration = BackendConfiguration(baseURL: URL(string: base)!, key: "s3cret")
        let url = try QuestionsListRequest().url(configuration: configuration)
        #expect(formDecoded(url)["key"] == (allowed ? "s3cret" : nil))
        #expect((configuration.keyTransportProblem == nil) == allowed)
        #expect(configuration.keyTransportProblem?.contains("s3cret") != true, "the key is never printed")
    }

    @Test func theTypedPredicatesClassifyErrors() {
        #expect(APIError.stackExchange(id: 502, name: "throttle_violation", message: "").isThrottleViolation)
        #expect(!APIError.httpStatus(code: 502, bodySnippet: "").isThrottleViolation)
        #expect(APIError.stackExchange(id: 503, name: "temporarily_unavailable", message: "").isTransient)
        #expect(!APIError.stackExchange(id: 502, name: "throttle_violation", message: "").isTransient)
        #expect(APIError.httpStatus(code: 502, bodySnippet: "").isTransient)
        #expect(!APIError.quotaExhausted(resetsAt: Date()).isTransient)
    }
}
