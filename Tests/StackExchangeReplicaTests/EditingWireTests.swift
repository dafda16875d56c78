import Foundation
import StackExchangeReplica
import Testing

/// `/answers/{id}/edit` and `/questions/{id}/edit` on the replica: your own post changes for every later read (body,
/// title, tags, `last_edit_date`), an edit summary is taken, a preview keeps nothing, someone else's post is refused
/// below 2,000 reputation.
struct EditingWireTests {
    static let edited = "Better: `git merge --abort` restores the state *before* the merge.\n\n    git status\n"

    @Test func editingYourOwnAnswerChangesItsBodyAndLastEditDate() async throws {
        let clock = Date()
        try await Posting.with(Posting.options(clock: clock)) { server in
            let filter = Posting.fullFilter(server)
            let posted = try await Posting.post(server, "/questions/\(Posting.othersQuestion)/answers/add",
                                                Posting.signed("bob", ["body": Posting.answerBody]))
            let id = try #require(posted.first?["answer_id"] as? Int)
            #expect(posted.first?["last_edit_date"] == nil)
            server.advanceClock(by: 60)
            let form = Posting.signed("bob", ["body": Self.edited, "comment": "explain what abort restores", "filter": filter])
            let preview = try await Posting.post(server, "/answers/\(id)/edit", form.merging(["preview": "true"]) { _, new in new })
            #expect(preview.status == 200)
            #expect((preview.first?["body"] as? String)?.contains("<pre><code>git status\n</code></pre>") == true)
            let unchanged = try await Posting.get(server, "/answers/\(id)", ["filter": filter])
            #expect(unchanged.first?["body_markdown"] as? String == Posting.answerBody)
            #expect(unchanged.first?["last_edit_date"] == nil)

            let saved = try await Posting.post(server, "/answers/\(id)/edit", form)
            #expect(saved.status == 200)
            let editDate = Int(clock.timeIntervalSince1970) + 60
            #expect(saved.first?["last_edit_date"] as? Int == editDate)
            let read = try await Posting.get(server, "/questions/\(Posting.othersQuestion)/answers", ["filter": filter])
            let mine = try #require(read.items.first { $0["answer_id"] as? Int == id })
            #expect(mine["body_markdown"] as? String == "Better: `git merge --abort` restores the state *before* the merge.\n\n    git status")
            #expect((mine["body"] as? String)?.contains("<em>before</em>") == true)
            #expect(mine["last_edit_date"] as? Int == editDate)
            let question = try await Posting.get(server, "/questions/\(Posting.othersQuestion)")
            #expect(question.first?["last_activity_date"] as? Int == editDate)
        }
    }

    @Test func editingYourOwnQuestionChangesTitleTagsAndBodyEverywhere() async throws {
        let clock = Date()
        try await Posting.with(Posting.options(clock: clock)) { server in
            let id = Posting.bobsQuestion
            let title = "How do I cancel a reflog expiry that is running?"
            let body = "I ran `git reflog expire` by mistake.\n\n1. It is still running\n2. I want it stopped"
            let edited = try await Posting.post(server, "/questions/\(id)/edit", Posting.signed("bob", [
                "title": title, "body": body, "tags": "git;bash", "comment": "clearer title", "filter": "withbody",
            ]))
            #expect(edited.status == 200)
            #expect(edited.first?["title"] as? String == title)
            let read = try await Posting.get(server, "/questions/\(id)", ["filter": Posting.fullFilter(server)])
            #expect(read.first?["title"] as? String == title)
            #expect(read.first?["tags"] as? [String] == ["git", "bash"])
            #expect(read.first?["body_markdown"] as? String == body)
            #expect((read.first?["body"] as? String)?.contains("<ol>\n<li>It is still running</li>\n<li>I want it stopped</li>\n</ol>") == true)
            #expect(read.first?["last_edit_date"] as? Int == Int(clock.timeIntervalSince1970))
            let tagged = try await Posting.get(server, "/questions", ["tagged": "bash;git"])
            #expect(tagged.items.contains { $0["question_id"] as? Int == id })
            let search = try await Posting.get(server, "/search/advanced", ["q": "expiry"])
            #expect(search.items.contains { $0["question_id"] as? Int == id })
            // The question edit follows the same rules as asking.
            let badTag = try await Posting.post(server, "/questions/\(id)/edit", Posting.signed("bob", [
                "title": title, "body": body, "tags": "git;no-such-tag-here",
            ]))
            #expect(badTag.errorMessage?.contains("'no-such-tag-here'") == true)
            let noTitle = try await Posting.post(server, "/questions/\(id)/edit", Posting.signed("bob", ["body": body, "tags": "git"]))
            #expect(noTitle.errorMessage == "title")
        }
    }

    @Test func someoneElsesPostIsRefusedBelowTwoThousandReputation() async throws {
        try await Posting.with { server in
            let answer = try await Posting.post(server, "/answers/\(Posting.othersAnswer)/edit",
                                                Posting.signed("bob", ["body": Self.edited, "comment": "fix"]))
            #expect(answer.status == 400)
            #expect(answer.errorID == 407)
            #expect(answer.errorName == "write_failed")
            #expect(answer.errorMessage == "You can only edit your own posts until you have 2000 reputation.")
            let question = try await Posting.post(server, "/questions/\(Posting.othersQuestion)/edit", Posting.signed("bob", [
                "title": AskingWireTests.title, "body": AskingWireTests.body, "tags": "git",
            ]))
            #expect(question.errorMessage == "You can only edit your own posts until you have 2000 reputation.")
            let read = try await Posting.get(server, "/answers/\(Posting.othersAnswer)", ["filter": "withbody"])
            #expect((read.first?["body"] as? String)?.contains("<em>before</em>") == false)
            #expect(read.first?["last_edit_date"] == nil)

            let established = try await Posting.post(server, "/answers/\(Posting.othersAnswer)/edit",
                                                     Posting.signed("est", ["body": Self.edited, "comment": "fix"]))
            #expect(established.status == 200)
            let after = try await Posting.get(server, "/answers/\(Posting.othersAnswer)", ["filter": "withbody"])
            #expect((after.first?["body"] as? String)?.contains("<em>before</em>") == true)
        }
    }

    @Test func editsWaitFiveSecondsAndRepeatsAreDuplicates() async throws {
        try await Posting.with { server in
            let path = "/questions/\(Posting.bobsQuestion)/edit"
            let form = Posting.signed("bob", ["title": AskingWireTests.title, "body": AskingWireTests.body, "tags": "git"])
            #expect(try await Posting.post(server, path, form).status == 200)
            #expect(try await Posting.post(server, path, form).errorName == "duplicate_request")
            let other = form.merging(["comment": "typo"]) { _, new in new }
            let soon = try await Posting.post(server, path, other)
            #expect(soon.errorMessage == "You can only edit once every 5 seconds.")
            server.advanceClock(by: 5)
            #expect(try await Posting.post(server, path, other).status == 200)
        }
    }
}
