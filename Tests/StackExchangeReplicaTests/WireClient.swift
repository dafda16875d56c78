import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchangeReplica
import Testing

/// A small URLSession client for the tests: one GET, the status, the headers and the parsed JSON object.
struct WireClient {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var items: [[String: Any]] { json["items"] as? [[String: Any]] ?? [] }
        var errorName: String? { json["error_name"] as? String }
        var errorID: Int? { json["error_id"] as? Int }

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    let server: ReplicaServer
    let session = URLSession(configuration: .ephemeral)

    /// `path` is relative to `/2.3`, e.g. `/questions`; `site=stackoverflow` is added unless `site` is given as nil.
    func get(_ path: String, _ query: [String: String] = [:], site: String? = "stackoverflow", headers: [String: String] = [:]) async throws -> Reply {
        var components = URLComponents(url: server.baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        var items = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        if let site { items.append(URLQueryItem(name: "site", value: site)) }
        components.queryItems = items
        return try await get(url: components.url!, headers: headers)
    }

    /// GETs `pathAndQuery` under `/2.3` exactly as written (`/questions?tagged=c%2B%2B&site=stackoverflow`).
    func getRaw(_ pathAndQuery: String) async throws -> Reply {
        try await get(url: URL(string: server.baseURL.absoluteString + pathAndQuery)!, headers: [:])
    }

    private func get(url: URL, headers: [String: String]) async throws -> Reply {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields { fields[name] = value }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }
}

/// Starts a replica for one test and always shuts it down.
func withReplica(_ options: ReplicaOptions = ReplicaOptions(), _ body: (ReplicaServer, WireClient) async throws -> Void) async throws {
    let server = try await ReplicaServer.start(options)
    do {
        try await body(server, WireClient(server: server))
    } catch {
        try await server.shutdown()
        throw error
    }
    try await server.shutdown()
}
