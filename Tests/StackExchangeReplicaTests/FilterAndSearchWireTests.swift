import Foundation
import StackExchangeReplica
import Testing

/// The replica shapes responses by their `filter` as the API does, and searches the way `--print` relies on:
/// relevance first, `"phrase"` and `-word`, answers by id.
struct FilterAndSearchWireTests {
    static let so = ["site": "stackoverflow"]

    @Test func aCreatedFilterCarriesMarkdownAndEmbeddedAnswers() async throws {
        try await ReplicaClient.with { replica in
            let created = try await replica.get("/filters/create", [
                "base": "default", "include": "question.body_markdown;question.answers;answer.body_markdown",
            ])
            let filter = try #require(items(created.json).first?["filter"] as? String)
            let found = try await replica.get("/search/advanced", Self.so.merging(["q": "cancel reflog", "filter": filter, "pagesize": "5"]) { a, _ in a })
            let questions = items(found.json)
            let answered = try #require(questions.first { ($0["answer_count"] as? Int ?? 0) > 0 })
            #expect(answered["body"] == nil, "the default base has no HTML body")
            let markdown = try #require(answered["body_markdown"] as? String)
            #expect(markdown.contains("`reflog`") && markdown.contains("```"), "\(markdown)")
            let answers = try #require(answered["answers"] as? [[String: Any]])
            #expect(answers.count == answered["answer_count"] as? Int)
            #expect(answers.allSatisfy { $0["body_markdown"] is String && $0["body"] == nil })
            // As the API does: a question without answers has no `answers` key at all.
            for question in questions where (question["answer_count"] as? Int) == 0 { #expect(question["answers"] == nil) }
        }
    }

    /// The browser's detail in one request (`EmbeddedAnswersFilter`): `withbody` plus `question.answers` on a question by
    /// id embeds every answer with its body, and `withbody` alone embeds none.
    @Test func withbodyPlusAnswersEmbedsTheAnswersOfAQuestionByID() async throws {
        try await ReplicaClient.with { replica in
            let created = try await replica.get("/filters/create", ["base": "withbody", "include": "question.answers"])
            let filter = try #require(items(created.json).first?["filter"] as? String)
            let embedded = try await replica.get("/questions/79000006", Self.so.merging(["filter": filter]) { a, _ in a })
            let question = try #require(items(embedded.json).first)
            #expect(question["body"] is String)
            let answers = try #require(question["answers"] as? [[String: Any]])
            #expect(answers.count == question["answer_count"] as? Int && !answers.isEmpty)
            #expect(answers.allSatisfy { $0["body"] is String && $0["body_markdown"] == nil })
            let separate = try await replica.get("/questions/79000006/answers", Self.so.merging(["filter": "withbody", "sort": "votes"]) { a, _ in a })
            #expect(Set(answers.compactMap { $0["answer_id"] as? Int }) == Set(items(separate.json).compactMap { $0["answer_id"] as? Int }))
            let withBody = try await replica.get("/questions/79000006", Self.so.merging(["filter": "withbody"]) { a, _ in a })
            #expect(items(withBody.json).first?["answers"] == nil, "answers only when the filter includes them")
        }
    }

    @Test func theDefaultFilterHasNoBodiesAndWithbodyHasThem() async throws {
        try await ReplicaClient.with { replica in
            let plain = try await replica.get("/questions/79000006", Self.so)
            #expect(items(plain.json).first?["body"] == nil)
            #expect(items(plain.json).first?["body_markdown"] == nil)
            #expect(items(plain.json).first?["answers"] == nil)
            let withBody = try await replica.get("/questions/79000006", Self.so.merging(["filter": "withbody"]) { a, _ in a })
            #expect(items(withBody.json).first?["body"] is String)
            #expect(items(withBody.json).first?["body_markdown"] == nil)
        }
    }

    @Test func noneAndTotalLeaveOnlyWhatTheyName() async throws {
        try await ReplicaClient.with { replica in
            let none = try await replica.get("/questions", Self.so.merging(["filter": "none"]) { a, _ in a })
            #expect(none.status == 200)
            #expect(none.json.isEmpty)
            let total = try await replica.get("/search/advanced", Self.so.merging(["filter": "total", "q": "reflog"]) { a, _ in a })
            #expect(Array(total.json.keys) == ["total"])
            let all = try await replica.get("/search/advanced", Self.so.merging(["q": "reflog", "pagesize": "100"]) { a, _ in a })
            #expect(total.json["total"] as? Int == items(all.json).count)
            #expect((total.json["total"] as? Int ?? 0) > 1)
        }
    }

    /// The API's filters never expire: a name one replica made is read by another (a later run's).
    @Test func aFilterMadeByAnotherReplicaIsRead() async throws {
        var name = ""
        try await ReplicaClient.with { replica in
            let created = try await replica.get("/filters/create", ["base": "default", "include": "question.body_markdown"])
            name = try #require(items(created.json).first?["filter"] as? String)
        }
        try await ReplicaClient.with { replica in
            let found = try await replica.get("/questions/79000006", Self.so.merging(["filter": name]) { a, _ in a })
            #expect(found.status == 200)
            #expect(items(found.json).first?["body_markdown"] is String)
        }
    }

    @Test func aFilterNobodyMadeIsRefused() async throws {
        try await ReplicaClient.with { replica in
            let refused = try await replica.get("/questions", Self.so.merging(["filter": "!nosuchfilter"]) { a, _ in a })
            #expect(refused.status == 400)
            #expect(refused.json["error_name"] as? String == "bad_parameter")
            #expect(refused.json["error_message"] as? String == "filter")
        }
    }

    @Test func relevancePutsTitleMatchesFirst() async throws {
        try await ReplicaClient.with { replica in
            let found = try await replica.get("/search/advanced", Self.so.merging(["q": "reflog", "sort": "relevance", "pagesize": "100", "filter": "withbody"]) { a, _ in a })
            let titles = items(found.json).map { ($0["title"] as? String ?? "").lowercased().contains("reflog") }
            #expect(titles.count > 2)
            // Every question with the word in its title comes before every one with it only in the body.
            #expect(titles == titles.sorted { $0 && !$1 }, "\(titles)")
        }
    }

    @Test func phrasesAndExcludedWordsAreTheSitesSearchSyntax() async throws {
        try await ReplicaClient.with { replica in
            func count(_ q: String) async throws -> Int {
                let found = try await replica.get("/search/advanced", Self.so.merging(["q": q, "pagesize": "100"]) { a, _ in a })
                return items(found.json).count
            }
            let word = try await count("reflog")
            let excluded = try await count("reflog -idiomatic")
            let phrase = try await count("\"cancel reflog\"")
            let words = try await count("reflog cancel")
            #expect(excluded < word && excluded > 0)
            #expect(phrase > 0 && phrase <= words && words <= word)
        }
    }

    @Test func answersByIDGiveTheirQuestion() async throws {
        try await ReplicaClient.with { replica in
            let found = try await replica.get("/answers/80000007", Self.so)
            #expect(items(found.json).first?["question_id"] as? Int == 79000006)
        }
    }
}
