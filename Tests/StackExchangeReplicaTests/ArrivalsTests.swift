import Foundation
import StackExchangeReplica
import Testing

/// Issue 30: the replica keeps up: arrivals, `fromdate`/`todate`/`sort`/`tagged` on `/search/advanced`, and
/// requests repeated within a minute counted.
struct ArrivalsTests {
    func ids(_ reply: WireClient.Reply, _ key: String = "question_id") -> [Int] { reply.items.compactMap { $0[key] as? Int } }

    /// A replica whose clock stands at a whole second of now and moves only when a test moves it: these tests
    /// compare dates the replica wrote, and a loaded run must not cross a second between two of them.
    var frozen: ReplicaOptions {
        var options = ReplicaOptions()
        options.frozenClock = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        return options
    }

    @Test func aQuestionThatArrivesIsNewInItsTagsSinceTheLastPoll() async throws {
        try await withReplica(frozen) { server, client in
            let since = Int(server.now.timeIntervalSince1970)
            let before = try await client.get("/search/advanced", ["tagged": "rust;swift", "sort": "creation", "fromdate": "\(since + 1)"])
            #expect(before.status == 200)
            #expect(ids(before).isEmpty, "the bundled data is older than the poll")
            server.advanceClock(by: 30)
            let rust = server.arrive(question: "Borrowing twice", tags: ["rust"])
            let other = server.arrive(question: "A shell loop", tags: ["bash"])
            server.advanceClock(by: 30)
            let swift = server.arrive(tags: ["swift", "concurrency"])
            let after = try await client.get("/search/advanced", ["tagged": "rust;swift", "sort": "creation", "fromdate": "\(since + 1)"])
            // Any of the tags, newest first, nothing from other tags.
            #expect(ids(after) == [swift, rust])
            #expect(!ids(after).contains(other))
            #expect(after.items.first?["title"] as? String == "Arrival \(swift - 900_000_000): a new question")
            // todate bounds the creation date from above, both ends included.
            // The arrival's own creation date (reading the clock here would race a slow run across a second).
            let rustItem = after.items.first { $0["question_id"] as? Int == rust }
            let rustTime = try #require(rustItem?["creation_date"] as? Int)
            let bounded = try await client.get("/search/advanced", ["tagged": "rust;swift", "fromdate": "\(rustTime)", "todate": "\(rustTime)"])
            #expect(ids(bounded) == [rust])
            let ascending = try await client.get("/search/advanced", ["tagged": "rust;swift", "sort": "creation", "order": "asc", "fromdate": "\(since + 1)"])
            #expect(ids(ascending) == [rust, swift])
        }
    }

    @Test func anAnswerMovesItsQuestionsActivityAndShowsInTheFollowUps() async throws {
        try await withReplica(frozen) { server, client in
            let question = server.arrive(tags: ["swift"])
            let created = Int(server.now.timeIntervalSince1970)
            server.advanceClock(by: 120)
            let answer = server.arriveAnswer(questionID: question)
            let comment = server.arriveComment(postID: answer, questionID: question)
            let byID = try await client.get("/questions/\(question)", ["sort": "activity"])
            #expect(byID.items.first?["last_activity_date"] as? Int == created + 120)
            #expect(byID.items.first?["answer_count"] as? Int == 1)
            let answers = try await client.get("/questions/\(question)/answers", ["sort": "activity", "fromdate": "\(created + 1)"])
            #expect(ids(answers, "answer_id") == [answer])
            let comments = try await client.get("/posts/\(question);\(answer)/comments", ["fromdate": "\(created + 1)"])
            #expect(ids(comments, "comment_id") == [comment])
            let none = try await client.get("/posts/\(answer)/comments", ["fromdate": "\(created + 121)"])
            #expect(ids(none, "comment_id").isEmpty)
        }
    }

    @Test func aBundledQuestionCanBeAnswered() async throws {
        try await withReplica(frozen) { server, client in
            let first = try #require(ids(try await client.get("/questions", ["pagesize": "1"])).first)
            let before = try await client.get("/questions/\(first)")
            let count = try #require(before.items.first?["answer_count"] as? Int)
            server.advanceClock(by: 10)
            let answer = server.arriveAnswer(questionID: first)
            let after = try await client.get("/questions/\(first)")
            #expect(after.items.first?["answer_count"] as? Int == count + 1)
            // The answer's own creation date, not the clock read again: a loaded run can cross a second between them.
            let arrived = try await client.get("/answers/\(answer)")
            let created = try #require(arrived.items.first?["creation_date"] as? Int)
            #expect(after.items.first?["last_activity_date"] as? Int == created)
        }
    }

    @Test func aDateThatIsNotANumberIsRefused() async throws {
        try await withReplica(frozen) { _, client in
            let reply = try await client.get("/search/advanced", ["tagged": "swift", "fromdate": "yesterday"])
            #expect(reply.status == 400)
            #expect(reply.errorName == "bad_parameter")
        }
    }

    @Test func theSameRequestWithinAMinuteIsCountedOnceAMinuteLaterIsNot() async throws {
        try await withReplica(frozen) { server, client in
            _ = try await client.get("/search/advanced", ["tagged": "swift", "fromdate": "1"])
            _ = try await client.get("/search/advanced", ["tagged": "swift", "fromdate": "2"])
            #expect(server.repeatViolations.isEmpty, "another fromdate is another request")
            _ = try await client.get("/search/advanced", ["tagged": "swift", "fromdate": "2", "key": "abc"])
            #expect(server.repeatViolations == ["/2.3/search/advanced?fromdate=2&site=stackoverflow&tagged=swift"])
            server.advanceClock(by: 60)
            _ = try await client.get("/search/advanced", ["tagged": "swift", "fromdate": "2"])
            #expect(server.repeatViolations.count == 1)
        }
    }

    @Test func arrivalsOnATimerAreDeterministic() async throws {
        try await withReplica(frozen) { server, client in
            var schedule = ArrivalSchedule(ratePerMinute: 6)
            #expect(schedule.spacing == 10)
            let since = Int(server.now.timeIntervalSince1970)
            for _ in 0..<6 { schedule.arriveNext(on: server) }
            let found = try await client.get("/search/advanced", ["tagged": ArrivalSchedule.tags.joined(separator: ";"), "fromdate": "\(since)"])
            // Arrivals 1, 2, 4 are questions; 3 and 6 answers, 5 a comment.
            #expect(ids(found).count == 3)
        }
    }
}
