import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchangeReplica

/// A replica started for one test, and plain HTTP against it.
struct ReplicaClient {
    let server: ReplicaServer

    static func start(_ options: ReplicaOptions = ReplicaOptions()) async throws -> ReplicaClient {
        ReplicaClient(server: try await ReplicaServer.start(options))
    }

    /// GETs `path` (under /2.3) with `query`; returns the status, the headers and the body as JSON.
    func get(_ path: String, _ query: [String: String] = [:], headers: [String: String] = [:])
        async throws -> (status: Int, headers: [AnyHashable: Any], json: [String: Any])
    {
        var components = URLComponents(string: server.baseURL.absoluteString + path)!
        components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        var request = URLRequest(url: components.url!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "body is a JSON object")
        return (http.statusCode, http.allHeaderFields, json)
    }

    /// `get` on the list of questions of stackoverflow.
    func questions(_ query: [String: String] = [:]) async throws -> (status: Int, json: [String: Any]) {
        let response = try await get("/questions", query.merging(["site": "stackoverflow"]) { mine, _ in mine })
        return (response.status, response.json)
    }

    func stop() async throws { try await server.shutdown() }
}

/// The `items` of a page body.
func items(_ json: [String: Any]) -> [[String: Any]] { json["items"] as? [[String: Any]] ?? [] }

/// Polls `condition` until it holds or `seconds` pass.
func eventually(within seconds: Double = 15, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

import Testing
