import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchangeReplica
import Testing

/// Input a client can send that must get an answer, never take the server down.
struct ReplicaRobustnessTests {
    @Test func hugePageWithAKeyIsAnEmptyPage() async throws {
        try await ReplicaClient.with { replica in
            let (status, json) = try await replica.questions(["key": "k", "pagesize": "100", "page": "\(Int.max)"])
            #expect(status == 200)
            #expect(items(json).isEmpty)
            #expect(json["has_more"] as? Bool == false)
        }
    }

    @Test(arguments: ["/2.3/questions/%C3%28?site=stackoverflow", "/2.3/search/advanced?site=stackoverflow&q=%FF%FE"])
    func percentEscapesThatAreNotUTF8AreABadParameter(_ pathAndQuery: String) async throws {
        try await ReplicaClient.with { replica in
            let url = try #require(URL(string: "http://127.0.0.1:\(replica.server.port)\(pathAndQuery)"))
            let (data, response) = try await URLSession.shared.data(from: url)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(json["error_name"] as? String == "bad_parameter")
        }
    }
}
