import Foundation
import StackExchangeReplica
import Testing

/// Paging, sorting, tag filtering and `filter=withbody` over the bundled data set.
struct PagingTests {
    @Test func pagingNcursesToTheEndGivesEveryQuestionOnce() async throws {
        try await withReplica { _, client in
            var seen: [Int] = []
            var page = 1
            var hasMore = true
            while hasMore {
                let reply = try await client.get("/questions", ["tagged": "ncurses", "pagesize": "20", "page": "\(page)"])
                try #require(reply.status == 200)
                seen += reply.items.compactMap { $0["question_id"] as? Int }
                hasMore = try #require(reply.json["has_more"] as? Bool)
                page += 1
                try #require(page <= 25, "ncurses should end within 25 pages")
            }
            #expect(seen.count >= 40)
            #expect(Set(seen).count == seen.count)
            #expect(page > 2)
        }
    }

    @Test func defaultSortIsActivityDescending() async throws {
        try await withReplica { _, client in
            let reply = try await client.get("/questions", ["pagesize": "50"])
            let dates = reply.items.compactMap { $0["last_activity_date"] as? Int }
            #expect(dates.count == 50)
            #expect(dates == dates.sorted(by: >))
            let newest = try #require(reply.items.compactMap { $0["creation_date"] as? Int }.max())
            let age = Int(Date().timeIntervalSince1970) - newest
            #expect((200...400).contains(age), "dates are shifted so the newest question is about 5 minutes old")
            let latest = try #require(dates.max())
            #expect(latest <= Int(Date().timeIntervalSince1970), "no date lies in the future")
        }
    }

    @Test func votesAscendingSortsByScore() async throws {
        try await withReplica { _, client in
            let reply = try await client.get("/questions", ["sort": "votes", "order": "asc", "pagesize": "100"])
            let scores = reply.items.compactMap { $0["score"] as? Int }
            #expect(scores.count == 100)
            #expect(scores == scores.sorted())
        }
    }

    @Test func taggedIsAnAndFilter() async throws {
        try await withReplica { _, client in
            let both = try await client.get("/questions", ["tagged": "c;arrays", "pagesize": "100"])
            let tags = both.items.map { $0["tags"] as? [String] ?? [] }
            #expect(!tags.isEmpty)
            #expect(tags.allSatisfy { $0.contains("c") && $0.contains("arrays") })
            let onlyC = try await client.get("/questions", ["tagged": "c", "pagesize": "100"])
            #expect(onlyC.items.count > both.items.count)
        }
    }

    @Test func withBodyAddsBodiesAndDefaultLeavesThemOut() async throws {
        try await withReplica { _, client in
            let plain = try await client.get("/questions", ["pagesize": "5"])
            #expect(plain.items.count == 5)
            #expect(plain.items.allSatisfy { $0["body"] == nil })
            let bodies = try await client.get("/questions", ["pagesize": "5", "filter": "withbody"])
            #expect(bodies.items.allSatisfy { ($0["body"] as? String)?.contains("<p>") == true })
        }
    }

    @Test func answersMatchAnswerCountAndComeByVotes() async throws {
        try await withReplica { _, client in
            let question = try await client.get("/questions/10468128")
            let item = try #require(question.items.first)
            let count = try #require(item["answer_count"] as? Int)
            let answers = try await client.get("/questions/10468128/answers", ["filter": "withbody", "pagesize": "100"])
            #expect(answers.items.count == count)
            let scores = answers.items.compactMap { $0["score"] as? Int }
            #expect(scores == scores.sorted(by: >))
            #expect(answers.items.allSatisfy { $0["body"] is String && $0["question_id"] as? Int == 10468128 })
        }
    }

    @Test func questionsByIDsAndSearch() async throws {
        try await withReplica { _, client in
            let two = try await client.get("/questions/10468128;4352768")
            #expect(Set(two.items.compactMap { $0["question_id"] as? Int }) == [10468128, 4352768])
            let search = try await client.get("/search/advanced", ["q": "ARRAY OF STRUCTS", "sort": "relevance"])
            let titles = search.items.compactMap { $0["title"] as? String }
            #expect(titles.first?.lowercased().contains("array of structs") == true)
            let sites = try await client.get("/sites", site: nil)
            #expect(sites.items.contains { $0["api_site_parameter"] as? String == "stackoverflow" })
        }
    }

    @Test func optionalFieldsAreAbsentNotNull() async throws {
        try await withReplica { _, client in
            let reply = try await client.get("/questions", ["pagesize": "100"])
            let text = String(decoding: reply.body, as: UTF8.self)
            #expect(!text.contains(":null"))
            #expect(reply.items.contains { $0["accepted_answer_id"] == nil })
            #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
        }
    }
}
