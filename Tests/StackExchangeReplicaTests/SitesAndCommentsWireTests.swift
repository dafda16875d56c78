import Foundation
import StackExchangeReplica
import Testing

/// `/sites` and `/posts/{ids}/comments` as the API serves them, and sites that serve data of their own.
struct SitesAndCommentsWireTests {
    @Test func sitesListsAtLeastTwentyAndPagesWithHasMore() async throws {
        try await ReplicaClient.with { replica in
            let all = try await replica.get("/sites", ["pagesize": "100"])
            #expect(all.status == 200)
            let names = items(all.json).compactMap { $0["api_site_parameter"] as? String }
            #expect(names.count >= 20)
            #expect(Set(names).count == names.count)
            #expect(all.json["has_more"] as? Bool == false)
            #expect(items(all.json).contains { ($0["name"] as? String) == "Unix &amp; Linux" }, "names arrive HTML-escaped")

            var paged: [String] = []
            var page = 1
            while true {
                let response = try await replica.get("/sites", ["pagesize": "7", "page": "\(page)"])
                paged += items(response.json).compactMap { $0["api_site_parameter"] as? String }
                guard response.json["has_more"] as? Bool == true else { break }
                page += 1
                try #require(page <= 10)
            }
            #expect(paged == names)
        }
    }

    @Test func superuserAndUnixServeQuestionsOfTheirOwn() async throws {
        try await ReplicaClient.with { replica in
            func ids(_ site: String) async throws -> Set<Int> {
                let response = try await replica.get("/questions", ["site": site, "pagesize": "100"])
                #expect(response.status == 200)
                return Set(items(response.json).compactMap { $0["question_id"] as? Int })
            }
            let stackoverflow = try await ids("stackoverflow")
            let superuser = try await ids("superuser")
            let unix = try await ids("unix")
            #expect(!superuser.isEmpty && !unix.isEmpty)
            #expect(stackoverflow.isDisjoint(with: superuser))
            #expect(stackoverflow.isDisjoint(with: unix))
            #expect(superuser.isDisjoint(with: unix))
            let links = try await replica.get("/questions", ["site": "unix", "pagesize": "5"])
            #expect(items(links.json).allSatisfy { ($0["link"] as? String)?.hasPrefix("https://unix.stackexchange.com/") == true })
            // A site without data of its own serves the main set.
            #expect(try await ids("askubuntu") == stackoverflow)
            // A question of one site is not found on another.
            let one = try #require(superuser.first)
            let elsewhere = try await replica.get("/questions/\(one)", ["site": "stackoverflow"])
            #expect(items(elsewhere.json).isEmpty)
        }
    }

    @Test func commentsOfPostsWithBodyOnlyWithTheFilter() async throws {
        try await ReplicaClient.with { replica in
            let list = try await replica.get("/questions", ["site": "stackoverflow", "pagesize": "20", "sort": "creation"])
            let questionIDs = items(list.json).compactMap { $0["question_id"] as? Int }
            let path = "/posts/" + questionIDs.map(String.init).joined(separator: ";") + "/comments"
            let plain = try await replica.get(path, ["site": "stackoverflow", "pagesize": "100"])
            #expect(plain.status == 200)
            let comments = items(plain.json)
            #expect(comments.count >= questionIDs.count, "the newest questions all carry comments")
            #expect(comments.allSatisfy { questionIDs.contains($0["post_id"] as? Int ?? 0) })
            #expect(comments.allSatisfy { $0["body"] == nil })
            let withBody = try await replica.get(path, ["site": "stackoverflow", "pagesize": "100", "filter": "withbody",
                                                        "sort": "creation", "order": "asc"])
            let bodies = items(withBody.json)
            #expect(bodies.allSatisfy { ($0["body"] as? String)?.isEmpty == false })
            let dates = bodies.compactMap { $0["creation_date"] as? Int }
            #expect(dates == dates.sorted(), "order=asc sorts oldest first")
            let byVotes = try await replica.get(path, ["site": "stackoverflow", "pagesize": "100", "sort": "votes"])
            let scores = items(byVotes.json).compactMap { $0["score"] as? Int }
            #expect(scores == scores.sorted(by: >))
        }
    }

    @Test func commentsFollowTheAPIsRules() async throws {
        try await ReplicaClient.with { replica in
            let tooMany = "/posts/" + (1...101).map(String.init).joined(separator: ";") + "/comments"
            let refused = try await replica.get(tooMany, ["site": "stackoverflow"])
            #expect(refused.status == 400)
            #expect(refused.json["error_id"] as? Int == 400)
            #expect(refused.json["error_name"] as? String == "bad_parameter")
            let hundred = "/posts/" + (1...100).map(String.init).joined(separator: ";") + "/comments"
            #expect(try await replica.get(hundred, ["site": "stackoverflow"]).status == 200)
            let badSort = try await replica.get("/posts/1/comments", ["site": "stackoverflow", "sort": "activity"])
            #expect(badSort.status == 400 && badSort.json["error_name"] as? String == "bad_parameter")
            let noSite = try await replica.get("/posts/1/comments")
            #expect(noSite.status == 400)
            let badID = try await replica.get("/posts/1;x/comments", ["site": "stackoverflow"])
            #expect(badID.status == 400)
        }
    }
}
