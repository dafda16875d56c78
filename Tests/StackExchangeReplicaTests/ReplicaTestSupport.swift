import Foundation
import StackExchangeReplica

/// A replica started for one test, and plain HTTP against it.
struct ReplicaClient {
    let server: ReplicaServer

    /// Runs `body` against a fresh replica and shuts it down however `body` ends, before returning.
    static func with(_ options: ReplicaOptions = ReplicaOptions(), _ body: (ReplicaClient) async throws -> Void) async throws {
        try await withReplica(options) { server, _ in try await body(ReplicaClient(server: server)) }
    }

    /// GETs `path` (under /2.3) with `query` as given (no site added); the status, the reply and its JSON object.
    func get(_ path: String, _ query: [String: String] = [:], headers: [String: String] = [:])
        async throws -> (status: Int, reply: WireClient.Reply, json: [String: Any])
    {
        let reply = try await WireClient(server: server).get(path, query, site: nil, headers: headers)
        let json = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any], "body is a JSON object")
        return (reply.status, reply, json)
    }

    /// `get` on the list of questions of stackoverflow.
    func questions(_ query: [String: String] = [:]) async throws -> (status: Int, json: [String: Any]) {
        let response = try await get("/questions", query.merging(["site": "stackoverflow"]) { mine, _ in mine })
        return (response.status, response.json)
    }
}

/// The `items` of a page body.
func items(_ json: [String: Any]) -> [[String: Any]] { json["items"] as? [[String: Any]] ?? [] }

import Testing
