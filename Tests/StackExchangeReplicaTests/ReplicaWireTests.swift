import Foundation
import StackExchangeReplica
import Testing

/// The replica answers like the real API: paging, parameters, filters and errors.
struct ReplicaWireTests {
    @Test func pagingATagReachesTheEndWithoutRepeats() async throws {
        try await ReplicaClient.with { replica in
            var ids: [Int] = []
            var page = 1
            while true {
                let (status, json) = try await replica.questions(["tagged": "ncurses", "pagesize": "25", "page": "\(page)", "sort": "creation"])
                #expect(status == 200)
                ids += items(json).compactMap { $0["question_id"] as? Int }
                guard json["has_more"] as? Bool == true else { break }
                page += 1
                try #require(page <= 25)
            }
            #expect(page > 1)
            #expect(ids.count >= 40)
            #expect(Set(ids).count == ids.count)
        }
    }

    @Test func theBundledDataSetIsBigAndVaried() async throws {
        try await ReplicaClient.with { replica in
            var titles: [String] = []
            var tags = Set<String>()
            for page in 1...13 {
                let (_, json) = try await replica.questions(["pagesize": "100", "page": "\(page)"])
                titles += items(json).compactMap { $0["title"] as? String }
                tags.formUnion(items(json).flatMap { $0["tags"] as? [String] ?? [] })
            }
            #expect(titles.count >= 1_000)
            #expect(tags.count >= 8)
            #expect(titles.contains { $0.contains("&quot;") || $0.contains("&amp;") }, "titles arrive HTML-escaped")
            #expect(titles.contains { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }, "CJK")
            #expect(titles.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } }, "emoji")
            #expect(titles.contains { $0.count > 150 }, "long titles")
        }
    }

    @Test(arguments: ["101", "-1", "abc"])
    func aPageSizeOutsideZeroToHundredIsABadParameter(pageSize: String) async throws {
        try await ReplicaClient.with { replica in
            let (status, json) = try await replica.questions(["pagesize": pageSize])
            #expect(status == 400)
            #expect(json["error_id"] as? Int == 400)
            #expect(json["error_name"] as? String == "bad_parameter")
        }
    }

    @Test func pageTwentySixNeedsAKey() async throws {
        try await ReplicaClient.with { replica in
            let refused = try await replica.questions(["page": "26", "pagesize": "1"])
            #expect(refused.status == 400)
            #expect(refused.json["error_id"] as? Int == 403)
            #expect(refused.json["error_name"] as? String == "access_denied")
            let allowed = try await replica.questions(["page": "26", "pagesize": "1", "key": "k"])
            #expect(allowed.status == 200)
        }
    }

    @Test func aMissingOrUnknownSiteIsABadParameter() async throws {
        try await ReplicaClient.with { replica in
            let missing = try await replica.get("/questions")
            #expect(missing.status == 400)
            #expect(missing.json["error_name"] as? String == "bad_parameter")
            let unknown = try await replica.get("/questions", ["site": "nosuchsite"])
            #expect(unknown.status == 400)
            let sites = try await replica.get("/sites")
            #expect(items(sites.json).contains { $0["api_site_parameter"] as? String == "stackoverflow" })
        }
    }

    @Test func taggedIsAnAndFilter() async throws {
        try await ReplicaClient.with { replica in
            let one = items(try await replica.questions(["tagged": "swift", "pagesize": "100"]).json)
            let both = items(try await replica.questions(["tagged": "swift;linux", "pagesize": "100"]).json)
            #expect(!both.isEmpty)
            #expect(both.count < one.count)
            #expect(both.allSatisfy { ($0["tags"] as? [String] ?? []).contains("swift") && ($0["tags"] as? [String] ?? []).contains("linux") })
        }
    }

    @Test func withBodyAddsBodiesToQuestionsAndAnswers() async throws {
        try await ReplicaClient.with { replica in
            let plain = items(try await replica.questions(["pagesize": "50", "sort": "votes"]).json)
            #expect(plain.allSatisfy { $0["body"] == nil })
            #expect(plain.allSatisfy { $0["accepted_answer_id"] == nil || $0["accepted_answer_id"] is Int }, "absent, never null")
            let answered = try #require(plain.first { ($0["answer_count"] as? Int ?? 0) >= 2 })
            let id = try #require(answered["question_id"] as? Int)

            let question = try await replica.get("/questions/\(id)", ["site": "stackoverflow", "filter": "withbody"])
            #expect((items(question.json).first?["body"] as? String)?.contains("<p>") == true)
            let answers = try await replica.get("/questions/\(id)/answers",
                                                ["site": "stackoverflow", "filter": "withbody", "sort": "votes"])
            let scores = items(answers.json).compactMap { $0["score"] as? Int }
            #expect(scores.count == answered["answer_count"] as? Int)
            #expect(scores == scores.sorted(by: >))
            #expect(items(answers.json).allSatisfy { $0["body"] is String })
        }
    }

    @Test func searchMatchesTitlesAndBodies() async throws {
        try await ReplicaClient.with { replica in
            let found = try await replica.get("/search/advanced", ["site": "stackoverflow", "q": "resizeterm", "pagesize": "100"])
            #expect(found.status == 200)
            #expect(!items(found.json).isEmpty)
            #expect(items(found.json).allSatisfy { ($0["title"] as? String ?? "").contains("resizeterm") || $0["body"] == nil })
            let none = try await replica.get("/search/advanced", ["site": "stackoverflow", "q": "zzzz-no-such-words"])
            #expect(items(none.json).isEmpty)
        }
    }

    @Test func responsesAreCompressedWhenTheClientAcceptsGzip() async throws {
        try await ReplicaClient.with { replica in
            let response = try await replica.get("/questions", ["site": "stackoverflow"], headers: ["Accept-Encoding": "gzip"])
            let encoding = response.reply.header("Content-Encoding")
            #expect(encoding == "gzip")
            #expect(items(response.json).count == 30, "and the body still decodes")
        }
    }

    @Test func unknownPathsAndBadIDsAreRefusedNotCrashed() async throws {
        try await ReplicaClient.with { replica in
            let unknown = try await replica.get("/nope", ["site": "stackoverflow"])
            #expect(unknown.json["error_id"] as? Int == 404)
            for ids in ["abc", "1;x", "99999999999999999999", ";"] {
                let bad = try await replica.get("/questions/\(ids)", ["site": "stackoverflow"])
                #expect(bad.status == 400, "\(ids)")
            }
            #expect(try await replica.questions().status == 200, "still serving")
        }
    }
}
