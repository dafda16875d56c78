import StackExchangeReplica
import Testing

/// Bad input gets the real API's HTTP 400 error bodies, never a crash.
struct ValidationTests {
    @Test func pageSizeAbove100IsBadParameter() async throws {
        try await withReplica { _, client in
            let reply = try await client.get("/questions", ["pagesize": "101"])
            #expect(reply.status == 400)
            #expect(reply.errorName == "bad_parameter")
            #expect(reply.errorID == 400)
            let zero = try await client.get("/questions", ["pagesize": "0"])
            #expect(zero.status == 200)
            #expect(zero.items.isEmpty)
        }
    }

    @Test func page26WithoutKeyIsAccessDenied() async throws {
        try await withReplica { _, client in
            let reply = try await client.get("/questions", ["page": "26"])
            #expect(reply.status == 400)
            #expect(reply.errorID == 403)
            #expect(reply.errorName == "access_denied")
            #expect(reply.json["error_message"] as? String == "page above 25 requires access token or app key")
            let keyed = try await client.get("/questions", ["page": "26", "key": "demo"])
            #expect(keyed.status == 200)
        }
    }

    @Test func missingSiteIsBadParameter() async throws {
        try await withReplica { _, client in
            let reply = try await client.get("/questions", site: nil)
            #expect(reply.status == 400)
            #expect(reply.errorName == "bad_parameter")
            #expect(reply.json["error_message"] as? String == "site is required")
            let unknown = try await client.get("/questions", site: "nosuchsite")
            #expect(unknown.errorName == "bad_parameter")
        }
    }

    @Test func unknownPathIsNoMethod() async throws {
        try await withReplica { _, client in
            let reply = try await client.get("/users/1")
            #expect(reply.status == 400)
            #expect(reply.errorID == 404)
            #expect(reply.errorName == "no_method")
        }
    }

    @Test(arguments: [
        ("/questions/abc", [String: String]()), ("/questions/1;x/answers", [:]), ("/questions", ["page": "0"]),
        ("/questions", ["page": "-3"]), ("/questions", ["sort": "bogus"]), ("/questions", ["order": "up"]),
        ("/questions", ["pagesize": "ten"]),
    ])
    func badParametersAreRefused(path: String, query: [String: String]) async throws {
        try await withReplica { _, client in
            let reply = try await client.get(path, query)
            #expect(reply.status == 400)
            #expect(reply.errorName == "bad_parameter")
        }
    }

    @Test func gzipWhenAsked() async throws {
        try await withReplica { _, client in
            let reply = try await client.get("/questions", ["pagesize": "50"], headers: ["Accept-Encoding": "gzip"])
            #expect(reply.status == 200)
            #expect(reply.header("Content-Encoding") == "gzip")
            // URLSession on Linux inflates transparently, so the body is still JSON.
            #expect(reply.items.count == 50)
            let plain = try await client.get("/questions", ["pagesize": "50"], headers: ["Accept-Encoding": "identity"])
            #expect(plain.header("Content-Encoding") == nil)
        }
    }
}
