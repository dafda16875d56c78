import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchangeReplica
import Testing

/// A replica for the tests of asking, answering and editing: its clock frozen (moved only by `advanceClock`), with
/// tokens for bob (the bundled data's user, 52 reputation), a reader without `write_access`, and an established user
/// (2,000 reputation, user 777) who may edit others' posts and create tags.
enum Posting {
    static let bob = ReplicaGrant(token: "bob", scopes: ["write_access", "no_expiry"])
    static let reader = ReplicaGrant(token: "reader", scopes: ["no_expiry"])
    static let established = ReplicaGrant(
        token: "est", scopes: ["write_access", "no_expiry"], userID: 777, displayName: "user777", reputation: 2_000)
    /// Bob's question (the most active one) and a question and an answer of other people.
    static let bobsQuestion = 79_000_006
    static let othersQuestion = 79_000_020
    static let othersAnswer = 80_000_007
    static let closedQuestion = 15_161_774

    /// A body long enough for every rule, in Markdown.
    static let answerBody = "Use the `--abort` flag:\n\n```bash\ngit merge --abort\n```\n\nIt puts *everything* back."

    static func options(clock: Date = Date()) -> ReplicaOptions {
        var options = ReplicaOptions()
        options.grants = [bob, reader, established]
        options.maxRequestsPerSecond = nil
        options.frozenClock = clock
        return options
    }

    /// The form fields of a signed request by `token` on stackoverflow, with `extra`.
    static func signed(_ token: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["site": "stackoverflow", "key": "k", "access_token": token].merging(extra) { _, new in new }
    }

    /// A reply: its HTTP status and JSON object.
    struct Reply {
        var status: Int
        var json: [String: Any]
        var items: [[String: Any]] { json["items"] as? [[String: Any]] ?? [] }
        var first: [String: Any]? { items.first }
        var errorID: Int? { json["error_id"] as? Int }
        var errorName: String? { json["error_name"] as? String }
        var errorMessage: String? { json["error_message"] as? String }
    }

    /// POSTs `form` to `path` (under /2.3) as a form body.
    static func post(_ server: ReplicaServer, _ path: String, _ form: [String: String]) async throws -> Reply {
        var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let allowed = CharacterSet.alphanumerics
        request.httpBody = Data(form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&").utf8)
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        let status = try #require(response as? HTTPURLResponse).statusCode
        return Reply(status: status, json: try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    /// GETs `path` (under /2.3) with `query` (`site=stackoverflow` added unless given).
    static func get(_ server: ReplicaServer, _ path: String, _ query: [String: String] = [:]) async throws -> Reply {
        let reply = try await WireClient(server: server).get(path, query.merging(["site": "stackoverflow"]) { mine, _ in mine }, site: nil)
        return Reply(status: reply.status, json: reply.json)
    }

    /// A filter with bodies, Markdown bodies and embedded answers.
    static func fullFilter(_ server: ReplicaServer) -> String {
        server.createFilter(withBody: true, include: ["question.body_markdown", "answer.body_markdown", "question.answers"])
    }

    /// Runs `body` against a fresh replica with `options`, shut down however it ends.
    static func with(_ options: ReplicaOptions = Posting.options(), _ body: (ReplicaServer) async throws -> Void) async throws {
        try await withReplica(options) { server, _ in try await body(server) }
    }
}
