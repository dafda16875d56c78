import Foundation
import StackExchangeReplica
import Testing

/// `/questions/{id}/answers/add` on the replica: preview keeps nothing, an answer appears in later reads, and the
/// sites' rules: body length, scope, POST only, a closed question, the time between answers, a repeated write.
struct AnsweringWireTests {
    @Test func aPreviewRendersTheMarkdownAndKeepsNothing() async throws {
        try await Posting.with { server in
            let path = "/questions/\(Posting.othersQuestion)/answers/add"
            let before = try await Posting.get(server, "/questions/\(Posting.othersQuestion)")
            let count = try #require(before.first?["answer_count"] as? Int)
            let preview = try await Posting.post(server, path, Posting.signed("bob", [
                "body": Posting.answerBody, "preview": "true", "filter": Posting.fullFilter(server),
            ]))
            #expect(preview.status == 200)
            let body = try #require(preview.first?["body"] as? String)
            #expect(body.contains("<p>Use the <code>--abort</code> flag:</p>"))
            #expect(body.contains("<pre class=\"lang-bash s-code-block\"><code class=\"hljs language-bash\">git merge --abort\n</code></pre>"))
            #expect(body.contains("<em>everything</em>"))
            #expect(preview.first?["body_markdown"] as? String == Posting.answerBody)
            #expect(preview.first?["answer_id"] as? Int == 0)
            let answers = try await Posting.get(server, "/questions/\(Posting.othersQuestion)/answers")
            #expect(answers.items.count == count)
            let after = try await Posting.get(server, "/questions/\(Posting.othersQuestion)")
            #expect(after.first?["answer_count"] as? Int == count)
            // Nothing was counted: the real answer goes through at once.
            let real = try await Posting.post(server, path, Posting.signed("bob", ["body": Posting.answerBody]))
            #expect(real.status == 200)
        }
    }

    @Test func anAnswerAppearsInItsQuestionsAnswersAndMovesTheQuestionOn() async throws {
        let clock = Date()
        try await Posting.with(Posting.options(clock: clock)) { server in
            let id = Posting.othersQuestion
            let filter = Posting.fullFilter(server)
            let before = try await Posting.get(server, "/questions/\(id)")
            let count = try #require(before.first?["answer_count"] as? Int)
            let activity = try #require(before.first?["last_activity_date"] as? Int)
            let posted = try await Posting.post(server, "/questions/\(id)/answers/add", Posting.signed("bob", [
                "body": Posting.answerBody, "filter": filter,
            ]))
            let answerID = try #require(posted.first?["answer_id"] as? Int)
            #expect(answerID >= 950_000_000)
            #expect((posted.first?["owner"] as? [String: Any])?["user_id"] as? Int == ReplicaGrant.defaultUserID)
            #expect(posted.first?["question_id"] as? Int == id)

            let answers = try await Posting.get(server, "/questions/\(id)/answers", ["filter": filter, "sort": "creation"])
            #expect(answers.items.count == count + 1)
            let mine = try #require(answers.items.first { $0["answer_id"] as? Int == answerID })
            #expect(mine["body_markdown"] as? String == Posting.answerBody)
            #expect((mine["body"] as? String)?.contains("<code>--abort</code>") == true)

            let question = try await Posting.get(server, "/questions/\(id)", ["filter": filter])
            #expect(question.first?["answer_count"] as? Int == count + 1)
            let moved = try #require(question.first?["last_activity_date"] as? Int)
            #expect(moved == Int(clock.timeIntervalSince1970))
            #expect(moved > activity)
            let embedded = question.first?["answers"] as? [[String: Any]] ?? []
            #expect(embedded.contains { $0["answer_id"] as? Int == answerID })
            let byID = try await Posting.get(server, "/answers/\(answerID)", ["filter": "withbody"])
            #expect(byID.items.count == 1)
        }
    }

    @Test func theBodyMustBeThirtyToThirtyThousandCharacters() async throws {
        try await Posting.with { server in
            let path = "/questions/\(Posting.othersQuestion)/answers/add"
            let short = try await Posting.post(server, path, Posting.signed("bob", ["body": String(repeating: "x", count: 29)]))
            #expect(short.status == 400)
            #expect(short.errorID == 400)
            #expect(short.errorName == "bad_parameter")
            #expect(short.errorMessage == "Body must be at least 30 characters; you entered 29.")
            // Trailing white space does not count, as on the site.
            let padded = try await Posting.post(server, path, Posting.signed("bob", ["body": String(repeating: "x", count: 29) + "   \n\n"]))
            #expect(padded.errorMessage == "Body must be at least 30 characters; you entered 29.")
            let long = try await Posting.post(server, path, Posting.signed("bob", ["body": String(repeating: "x", count: 30_001)]))
            #expect(long.errorMessage == "Body is limited to 30000 characters; you entered 30001.")
            let missing = try await Posting.post(server, path, Posting.signed("bob"))
            #expect(missing.errorName == "bad_parameter")
            #expect(missing.errorMessage == "body")
            let shortest = try await Posting.post(server, path, Posting.signed("bob", ["body": String(repeating: "x", count: 30), "preview": "true"]))
            #expect(shortest.status == 200)
            let longest = try await Posting.post(server, path, Posting.signed("bob", ["body": String(repeating: "x", count: 30_000), "preview": "true"]))
            #expect(longest.status == 200)
        }
    }

    @Test func writesNeedTheWriteAccessScopeATokenAndAPost() async throws {
        try await Posting.with { server in
            let path = "/questions/\(Posting.othersQuestion)/answers/add"
            let unscoped = try await Posting.post(server, path, Posting.signed("reader", ["body": Posting.answerBody]))
            #expect(unscoped.errorID == 403)
            #expect(unscoped.errorName == "access_denied")
            #expect(unscoped.errorMessage == "This method requires the write_access scope.")
            let anonymous = try await Posting.post(server, path, ["site": "stackoverflow", "body": Posting.answerBody])
            #expect(anonymous.errorName == "access_token_required")
            let viaGet = try await Posting.get(server, path, Posting.signed("bob", ["body": Posting.answerBody]))
            #expect(viaGet.errorName == "no_method")
            let unknown = try await Posting.post(server, "/questions/99999999/answers/add", Posting.signed("bob", ["body": Posting.answerBody]))
            #expect(unknown.errorName == "bad_parameter")
            let answers = try await Posting.get(server, "/questions/\(Posting.othersQuestion)/answers")
            #expect(!answers.items.contains { ($0["answer_id"] as? Int ?? 0) >= 950_000_000 })
        }
    }

    @Test func aClosedQuestionTakesNoAnswers() async throws {
        try await Posting.with { server in
            let closed = try await Posting.post(server, "/questions/\(Posting.closedQuestion)/answers/add",
                                                Posting.signed("bob", ["body": Posting.answerBody]))
            #expect(closed.errorID == 407)
            #expect(closed.errorName == "write_failed")
            #expect(closed.errorMessage == "This question is closed; it is not accepting answers.")
        }
    }

    @Test func aNewUserWaitsThreeMinutesBetweenAnswersAnEstablishedOneThirtySeconds() async throws {
        try await Posting.with { server in
            let first = try await Posting.post(server, "/questions/\(Posting.othersQuestion)/answers/add",
                                               Posting.signed("bob", ["body": Posting.answerBody]))
            #expect(first.status == 200)
            let second = Posting.signed("bob", ["body": Posting.answerBody + " Also see the manual."])
            let soon = try await Posting.post(server, "/questions/\(Posting.bobsQuestion)/answers/add", second)
            #expect(soon.errorID == 407)
            #expect(soon.errorName == "write_failed")
            #expect(soon.errorMessage == "You can only post once every 3 minutes.")
            // A preview is checked by the same rule.
            let preview = try await Posting.post(server, "/questions/\(Posting.bobsQuestion)/answers/add",
                                                 second.merging(["preview": "true"]) { _, new in new })
            #expect(preview.errorMessage == "You can only post once every 3 minutes.")
            server.advanceClock(by: 179)
            #expect(try await Posting.post(server, "/questions/\(Posting.bobsQuestion)/answers/add", second).errorName == "write_failed")
            server.advanceClock(by: 1)
            #expect(try await Posting.post(server, "/questions/\(Posting.bobsQuestion)/answers/add", second).status == 200)

            _ = try await Posting.post(server, "/questions/\(Posting.othersQuestion)/answers/add",
                                       Posting.signed("est", ["body": Posting.answerBody]))
            let established = Posting.signed("est", ["body": Posting.answerBody + " Or reset."])
            let tooSoon = try await Posting.post(server, "/questions/\(Posting.bobsQuestion)/answers/add", established)
            #expect(tooSoon.errorMessage == "You can only post once every 30 seconds.")
            server.advanceClock(by: 30)
            let later = try await Posting.post(server, "/questions/\(Posting.bobsQuestion)/answers/add", established)
            #expect(later.status == 200, "\(later.json)")
        }
    }

    @Test func theSameWriteRepeatedIsADuplicateRequest() async throws {
        try await Posting.with { server in
            let path = "/questions/\(Posting.othersQuestion)/answers/add"
            let form = Posting.signed("bob", ["body": Posting.answerBody])
            // Previews are not writes: repeating one is fine.
            let preview = form.merging(["preview": "true"]) { _, new in new }
            #expect(try await Posting.post(server, path, preview).status == 200)
            #expect(try await Posting.post(server, path, preview).status == 200)
            #expect(try await Posting.post(server, path, form).status == 200)
            let again = try await Posting.post(server, path, form)
            #expect(again.status == 400)
            #expect(again.errorID == 409)
            #expect(again.errorName == "duplicate_request")
            let answers = try await Posting.get(server, path.replacingOccurrences(of: "/add", with: ""))
            #expect(answers.items.filter { ($0["answer_id"] as? Int ?? 0) >= 950_000_000 }.count == 1)
        }
    }

    @Test func aWrittenAnswerCanBeVotedOnAndCommentedOn() async throws {
        try await Posting.with { server in
            let posted = try await Posting.post(server, "/questions/\(Posting.othersQuestion)/answers/add",
                                                Posting.signed("bob", ["body": Posting.answerBody]))
            let id = try #require(posted.first?["answer_id"] as? Int)
            let vote = try await Posting.post(server, "/answers/\(id)/upvote", Posting.signed("est"))
            #expect(vote.first?["score"] as? Int == 1)
            #expect(vote.first?["body_markdown"] == nil)
            let own = try await Posting.post(server, "/answers/\(id)/upvote", Posting.signed("bob"))
            #expect(own.errorMessage == "You can't vote for your own post.")
            let comment = try await Posting.post(server, "/posts/\(id)/comments/add", Posting.signed("est", ["body": "Thanks, that saved my afternoon."]))
            #expect(comment.first?["post_id"] as? Int == id)
            let read = try await Posting.get(server, "/answers/\(id)")
            #expect(read.first?["score"] as? Int == 1)
        }
    }
}
