import Foundation
import StackExchangeReplica
import Testing

/// `activityDrift`: the activity list moves between pages, as the live one does (issue 9 §3).
struct ActivityDriftTests {
    @Test func pageTwoRepeatsTheEndOfPageOneOnlyForActivity() async throws {
        var options = ReplicaOptions()
        options.activityDrift = 4
        try await withReplica(options) { _, client in
            func ids(_ sort: String, page: Int) async throws -> [Int] {
                let reply = try await client.get("/questions", ["pagesize": "10", "page": "\(page)", "sort": sort])
                try #require(reply.status == 200)
                return reply.items.compactMap { $0["question_id"] as? Int }
            }
            let first = try await ids("activity", page: 1)
            let second = try await ids("activity", page: 2)
            #expect(Array(second.prefix(4)) == Array(first.suffix(4)))
            #expect(Set(first).union(second).count == 16)
            let byVotes = try await Set(ids("votes", page: 1)).intersection(ids("votes", page: 2))
            #expect(byVotes.isEmpty, "other sorts do not move")
        }
    }

    @Test func withoutDriftPagesDoNotOverlap() async throws {
        try await withReplica { _, client in
            let first = try await client.get("/questions", ["pagesize": "10", "page": "1"]).items.compactMap { $0["question_id"] as? Int }
            let second = try await client.get("/questions", ["pagesize": "10", "page": "2"]).items.compactMap { $0["question_id"] as? Int }
            #expect(Set(first).isDisjoint(with: second))
        }
    }
}
