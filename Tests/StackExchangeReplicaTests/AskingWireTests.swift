import Foundation
import StackExchangeReplica
import Testing

/// `/questions/add` on the replica: the title, body and tag rules in the sites' words, the time between questions
/// and the day's allowance, and a new question in the lists, search and `/similar`.
struct AskingWireTests {
    static let title = "How do I abort a merge that went wrong in git?"
    static let body = "I started `git merge feature` and got conflicts everywhere.\n\nHow do I get back to where I was?"

    static func question(_ token: String, title: String = title, body: String = body, tags: String = "git", _ extra: [String: String] = [:])
        -> [String: String]
    {
        Posting.signed(token, ["title": title, "body": body, "tags": tags].merging(extra) { _, new in new })
    }

    @Test func aNewQuestionAppearsInTheListsSearchAndSimilar() async throws {
        let clock = Date()
        try await Posting.with(Posting.options(clock: clock)) { server in
            let filter = Posting.fullFilter(server)
            let posted = try await Posting.post(server, "/questions/add", Self.question("bob", tags: "git;bash", ["filter": filter]))
            #expect(posted.status == 200)
            let id = try #require(posted.first?["question_id"] as? Int)
            #expect(id >= 950_000_000)
            #expect(posted.first?["tags"] as? [String] == ["git", "bash"])
            #expect(posted.first?["body_markdown"] as? String == Self.body)
            #expect((posted.first?["body"] as? String)?.hasPrefix("<p>I started <code>git merge feature</code>") == true)
            #expect(posted.first?["link"] as? String == "https://stackoverflow.com/questions/\(id)")

            let newest = try await Posting.get(server, "/questions", ["sort": "creation", "pagesize": "1"])
            #expect(newest.first?["question_id"] as? Int == id)
            let tagged = try await Posting.get(server, "/questions", ["tagged": "bash;git", "sort": "creation"])
            #expect(tagged.first?["question_id"] as? Int == id)
            let byID = try await Posting.get(server, "/questions/\(id)", ["filter": filter])
            #expect(byID.first?["title"] as? String == Self.title)
            #expect(byID.first?["answer_count"] as? Int == 0)
            #expect(byID.first?["creation_date"] as? Int == Int(clock.timeIntervalSince1970))
            #expect((byID.first?["owner"] as? [String: Any])?["display_name"] as? String == "bob")
            let search = try await Posting.get(server, "/search/advanced", ["q": "went wrong", "sort": "creation"])
            #expect(search.first?["question_id"] as? Int == id)
            let similar = try await Posting.get(server, "/similar", ["title": "abort merge went wrong"])
            #expect(similar.first?["question_id"] as? Int == id)
        }
    }

    @Test func aPreviewOfAQuestionKeepsNothing() async throws {
        try await Posting.with { server in
            let preview = try await Posting.post(server, "/questions/add", Self.question("bob", ["preview": "true", "filter": "withbody"]))
            #expect(preview.status == 200)
            #expect(preview.first?["question_id"] as? Int == 0)
            #expect(preview.first?["title"] as? String == Self.title)
            #expect((preview.first?["body"] as? String)?.contains("<code>git merge feature</code>") == true)
            let newest = try await Posting.get(server, "/questions", ["sort": "creation", "pagesize": "1"])
            #expect((newest.first?["question_id"] as? Int ?? 0) < 950_000_000)
            let search = try await Posting.get(server, "/search/advanced", ["q": "went wrong"])
            #expect(search.items.isEmpty)
        }
    }

    @Test func theTitleMustBeFifteenToOneHundredFiftyCharacters() async throws {
        try await Posting.with { server in
            let short = try await Posting.post(server, "/questions/add", Self.question("bob", title: String(repeating: "t", count: 14)))
            #expect(short.status == 400)
            #expect(short.errorName == "bad_parameter")
            #expect(short.errorMessage == "Title must be at least 15 characters.")
            let long = try await Posting.post(server, "/questions/add", Self.question("bob", title: String(repeating: "t", count: 151)))
            #expect(long.errorMessage == "Title cannot be longer than 150 characters.")
            let body = try await Posting.post(server, "/questions/add", Self.question("bob", body: "Too short."))
            #expect(body.errorMessage == "Body must be at least 30 characters; you entered 10.")
            let missing = try await Posting.post(server, "/questions/add", Posting.signed("bob", ["body": Self.body, "tags": "git"]))
            #expect(missing.errorMessage == "title")
            for length in [15, 150] {
                let edge = try await Posting.post(server, "/questions/add",
                                                  Self.question("bob", title: String(repeating: "t", count: length), ["preview": "true"]))
                #expect(edge.status == 200)
            }
        }
    }

    @Test func oneToFiveTagsThatExistUnlessThePersonMayCreateThem() async throws {
        try await Posting.with { server in
            let none = try await Posting.post(server, "/questions/add", Self.question("bob", tags: ""))
            #expect(none.errorName == "bad_parameter")
            #expect(none.errorMessage == "Please enter at least one tag.")
            let six = try await Posting.post(server, "/questions/add", Self.question("bob", tags: "git;bash;linux;c;sql;rust"))
            #expect(six.errorMessage == "Please enter no more than 5 tags.")
            let unknown = try await Posting.post(server, "/questions/add", Self.question("bob", tags: "git;gti-merge"))
            #expect(unknown.status == 400)
            #expect(unknown.errorName == "bad_parameter")
            #expect(unknown.errorMessage
                == "Creating the new tag 'gti-merge' requires at least 1500 reputation. Try something from the existing tags list instead.")
            // The API's list is separated by semicolons: "git bash" is one tag, and no tag has a space.
            let spaced = try await Posting.post(server, "/questions/add", Self.question("bob", tags: "git bash"))
            #expect(spaced.errorMessage == "The tag 'git bash' is not valid: tags are at most 35 characters of a-z, 0-9, +, #, . and -.")
            let reserved = try await Posting.post(server, "/questions/add", Self.question("bob", tags: "C#;c++", ["preview": "true"]))
            #expect(reserved.first?["tags"] as? [String] == ["c#", "c++"])

            let created = try await Posting.post(server, "/questions/add", Self.question("est", tags: "git;merge-abort"))
            #expect(created.status == 200)
            let info = try await Posting.get(server, "/tags/merge-abort/info")
            #expect(info.first?["name"] as? String == "merge-abort")
            #expect(info.first?["count"] as? Int == 1)
        }
    }

    @Test func questionsWaitFortyMinutesAndSixADayForANewUser() async throws {
        // The day starts a minute before the clock, so six questions forty minutes apart stay on one UTC day.
        let startOfDay = (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        try await Posting.with(Posting.options(clock: Date(timeIntervalSince1970: startOfDay + 60))) { server in
            for number in 1...6 {
                let posted = try await Posting.post(server, "/questions/add", Self.question("bob", title: Self.title + " (\(number))"))
                #expect(posted.status == 200, "question \(number): \(posted.errorMessage ?? "")")
                let soon = try await Posting.post(server, "/questions/add", Self.question("bob", title: Self.title + " (again \(number))"))
                #expect(soon.errorName == "write_failed")
                #expect(soon.errorMessage == "You can only post once every 40 minutes.")
                server.advanceClock(by: 2_400)
            }
            let seventh = try await Posting.post(server, "/questions/add", Self.question("bob", title: Self.title + " (7)"))
            #expect(seventh.errorID == 407)
            #expect(seventh.errorMessage == "You have reached your daily question limit.")
            // The allowance comes back with the next UTC day.
            server.advanceClock(by: 86_400 - 6 * 2_400)
            #expect(try await Posting.post(server, "/questions/add", Self.question("bob", title: Self.title + " (8)")).status == 200)
        }
    }

    @Test func writePermissionsGiveEachKindsLimits() async throws {
        try await Posting.with { server in
            let bob = try await Posting.get(server, "/me/write-permissions", Posting.signed("bob"))
            let byType = Dictionary(uniqueKeysWithValues: bob.items.compactMap { item in (item["object_type"] as? String).map { ($0, item) } })
            #expect(Set(byType.keys) == ["question", "answer", "comment", "edit"])
            #expect(byType["answer"]?["min_seconds_between_actions"] as? Int == 180)
            #expect(byType["question"]?["min_seconds_between_actions"] as? Int == 2_400)
            #expect(byType["question"]?["max_daily_actions"] as? Int == 6)
            #expect(byType["comment"]?["min_seconds_between_actions"] as? Int == 5)
            #expect(byType["answer"]?["can_add"] as? Bool == true)
            #expect(byType["edit"]?["user_id"] as? Int == ReplicaGrant.defaultUserID)
            let established = try await Posting.get(server, "/me/write-permissions", Posting.signed("est"))
            let answer = established.items.first { $0["object_type"] as? String == "answer" }
            #expect(answer?["min_seconds_between_actions"] as? Int == 30)
            #expect(answer?["max_daily_actions"] as? Int == 200)
            // It needs a token, not the write scope.
            #expect(try await Posting.get(server, "/me/write-permissions").errorName == "access_token_required")
            #expect(try await Posting.get(server, "/me/write-permissions", Posting.signed("reader")).items.count == 4)
        }
    }
}
