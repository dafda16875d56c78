import Foundation
import StackExchangeReplica
import Testing

/// The reads that help a person ask: `/similar`, `/tags/{tags}/info` and `/tags?inname=`.
struct AskingReadsWireTests {
    @Test func similarFindsQuestionsSharingWordsOfTheTitle() async throws {
        try await Posting.with { server in
            let similar = try await Posting.get(server, "/similar", ["title": "idiomatic way to cancel a reflog", "pagesize": "5"])
            #expect(similar.status == 200)
            #expect(similar.items.count == 5)
            #expect(similar.first?["question_id"] as? Int == Posting.bobsQuestion)
            #expect(similar.items.allSatisfy { $0["score"] is Int && $0["answer_count"] is Int && $0["title"] is String })
            #expect(similar.json["has_more"] as? Bool == true)
            let titles = similar.items.compactMap { ($0["title"] as? String)?.lowercased() }
            #expect(titles.allSatisfy { $0.contains("idiomatic") || $0.contains("cancel") || $0.contains("reflog") || $0.contains("way") })

            let tagged = try await Posting.get(server, "/similar", ["title": "idiomatic way to cancel", "tagged": "rust"])
            #expect(!tagged.items.isEmpty)
            #expect(tagged.items.allSatisfy { ($0["tags"] as? [String])?.contains("rust") == true })
            let notTagged = try await Posting.get(server, "/similar", ["title": "idiomatic way to cancel", "nottagged": "git"])
            #expect(notTagged.items.allSatisfy { ($0["tags"] as? [String])?.contains("git") == false })
            let nothing = try await Posting.get(server, "/similar", ["title": "zzzz qqqq"])
            #expect(nothing.items.isEmpty)
            let missing = try await Posting.get(server, "/similar")
            #expect(missing.errorName == "bad_parameter")
            #expect(missing.errorMessage == "title")
            #expect(try await Posting.get(server, "/similar", ["title": "cancel", "sort": "hot"]).errorMessage == "sort")
        }
    }

    @Test func tagInfoGivesTheExistingOnesAmongTheNamed() async throws {
        try await Posting.with { server in
            let info = try await Posting.get(server, "/tags/git;no-such-tag;python/info")
            #expect(info.status == 200)
            #expect(info.items.compactMap { $0["name"] as? String } == ["python", "git"])
            #expect(info.items.allSatisfy { ($0["count"] as? Int ?? 0) > 100 && $0["has_synonyms"] as? Bool == false })
            let reserved = try await WireClient(server: server).getRaw("/tags/c%23;c%2B%2B/info?site=stackoverflow&sort=name&order=asc")
            #expect(reserved.items.compactMap { $0["name"] as? String } == ["c#", "c++"])
            let none = try await Posting.get(server, "/tags/gti/info")
            #expect(none.status == 200)
            #expect(none.items.isEmpty)
            let tooMany = (1...21).map { "t\($0)" }.joined(separator: ";")
            #expect(try await Posting.get(server, "/tags/\(tooMany)/info").errorMessage == "tags")
            #expect(try await Posting.get(server, "/tags/git/info", ["site": ""]).errorName == "bad_parameter")
        }
    }

    @Test func tagsInNameContainTheTextMostPopularFirst() async throws {
        try await Posting.with { server in
            let found = try await Posting.get(server, "/tags", ["inname": "S"])
            let names = found.items.compactMap { $0["name"] as? String }
            #expect(!names.isEmpty)
            #expect(names.allSatisfy { $0.contains("s") })
            #expect(names.first == "swift")
            let counts = found.items.compactMap { $0["count"] as? Int }
            #expect(counts == counts.sorted(by: >))
            let byName = try await Posting.get(server, "/tags", ["inname": "s", "sort": "name", "order": "asc"])
            let sortedNames = byName.items.compactMap { $0["name"] as? String }
            #expect(sortedNames == sortedNames.sorted())
            #expect(try await Posting.post(server, "/tags", ["site": "stackoverflow"]).errorName == "no_method")
        }
    }
}
