import Foundation
import StackExchangeReplica
import Testing

/// `--data DIR`: a main set, optional comments, and `sites/NAME/` sets of their own.
struct DataDirectoryTests {
    static func question(_ id: Int, title: String, created: Int) -> [String: Any] {
        ["tags": ["x"], "is_answered": false, "view_count": 1, "answer_count": 0, "score": 0, "last_activity_date": created,
         "creation_date": created, "question_id": id, "link": "https://example.com/q/\(id)", "title": title]
    }

    static func write(_ object: Any, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: object).write(to: url)
    }

    @Test func aSiteDirectoryServesItsOwnSetAndCommentsAreOptional() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replica-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.write([Self.question(10, title: "main", created: 1_000_000)], to: directory.appendingPathComponent("questions.json"))
        try Self.write([Any](), to: directory.appendingPathComponent("answers.json"))
        let unix = directory.appendingPathComponent("sites/unix")
        try Self.write([Self.question(20, title: "unix only", created: 2_000_000)], to: unix.appendingPathComponent("questions.json"))
        try Self.write([Any](), to: unix.appendingPathComponent("answers.json"))
        try Self.write([["comment_id": 5, "post_id": 20, "score": 1, "edited": false, "creation_date": 2_000_100, "body": "hi"]],
                       to: unix.appendingPathComponent("comments.json"))
        // A directory named for no site of the list is ignored rather than served.
        try Self.write([Any](), to: directory.appendingPathComponent("sites/nosuchsite/questions.json"))

        try await ReplicaClient.with(ReplicaOptions(dataDirectory: directory)) { replica in
            let main = try await replica.get("/questions", ["site": "stackoverflow"])
            #expect(items(main.json).compactMap { $0["title"] as? String } == ["main"])
            let own = try await replica.get("/questions", ["site": "unix"])
            #expect(items(own.json).compactMap { $0["title"] as? String } == ["unix only"])
            let comments = try await replica.get("/posts/20/comments", ["site": "unix", "filter": "withbody"])
            #expect(items(comments.json).compactMap { $0["body"] as? String } == ["hi"])
            let none = try await replica.get("/posts/10/comments", ["site": "stackoverflow"])
            #expect(none.status == 200 && items(none.json).isEmpty, "a set without comments.json serves none")
        }
    }
}
