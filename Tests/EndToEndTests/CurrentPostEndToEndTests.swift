import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// The current post is the one you see (issue 26, point 4 and the comment editor of point 11), as a person meets it
/// in tmux, signed in against the replica: after `G` a vote lands on the answer at the top of the screen (the
/// replica's record says so), `c` leaves the post being read where it was, and the comment editor names the post and
/// counts to the minimum at 80 columns.
@Suite(.serialized)
struct CurrentPostEndToEndTests {
    /// A question of the bundled data with five answers, the last of them short.
    static let title = "How to test a generator without the network?"
    static let token = SignInEndToEndTests.token

    /// Opens the question titled `title` from the list and waits for its detail.
    static func openTheQuestion(in run: StacktermRun) async throws {
        #expect(try await run.waitForStatus("1/30+"))
        let rows = try run.tmux.capture()
        let header = try #require(rows.firstIndex { $0.contains("score") && $0.contains("title") }, "the list's header")
        let row = try #require(rows.firstIndex { $0.contains(String(title.prefix(30))) }, "the question is on the first page")
        for _ in 0..<(row - header - 1) { try run.tmux.send("Down") }
        try run.tmux.send("Enter")
        #expect(await eventually(within: 15) { run.lastFrame()?["screen"] as? String == "detail" })
        #expect(try await run.waitForStatus("line 1/"), "the detail has loaded")
        #expect(try run.tmux.capture()[0].contains(String(title.prefix(30))))
    }

    /// The top row's sticky header, `▶ Answer 3 of 5 · bob ───`, read as the answer's number and author.
    static func stickyHeader(in run: StacktermRun) throws -> (number: Int, author: String)? {
        let top = try run.tmux.capture()[0]
        guard let match = top.firstMatch(of: /^▶ Answer (\d+) of 5 · (?:[▲▼] -?\d+ · )?(\S+) ─/) else { return nil }
        return (Int(match.1)!, String(match.2))
    }

    /// The answer at the top of the screen: named by the sticky header, or its own header on the top row (or under
    /// the blank line above it, which is its own); `voted` when your vote shows there.
    static func topAnswer(in run: StacktermRun) throws -> (number: Int, author: String, voted: Bool)? {
        let rows = try run.tmux.capture()
        if let sticky = try stickyHeader(in: run) { return (sticky.number, sticky.author, rows[0].contains("· ▲ ")) }
        let header = rows[0].isEmpty ? rows[1] : rows[0]
        guard let match = header.firstMatch(
            of: #/^── Answer (\d+) of 5 · (?:✓ accepted · )?(?:score -?\d+|([▲▼]) -?\d+) · (\S+) · /#) else { return nil }
        return (Int(match.1)!, String(match.3), match.2 == "▲")
    }

    func gThenPlusVotesOnTheAnswerAtTheTop(width: Int, height: Int) async throws {
        try await SignInEndToEndTests.signedIn(width: width, height: height) { run in
            try await Self.openTheQuestion(in: run)
            try run.tmux.send("G")
            #expect(await eventually(within: 15) { (try? Self.topAnswer(in: run)) != nil }, "an answer is at the top")
            let top = try #require(try Self.topAnswer(in: run))
            try run.tmux.send("+")
            #expect(try await run.waitForStatus("upvoted answer "))
            // `upvoted answer by sven`, or `upvoted answer 3 by bob` when bob wrote two of the answers.
            let notice = try #require(try run.statusBar().firstMatch(of: /upvoted answer (?:(\d+) )?by (\S+)/))
            #expect(String(notice.2) == top.author, "the notice names the post at the top")
            #expect(notice.1.map { Int($0) == top.number } ?? true)
            let votes = run.finishedRequests(pathPrefix: "/2.3/answers/").filter { $0.path.hasSuffix("/upvote") }
            #expect(votes.count == 1)
            let id = try #require(votes.first.flatMap { Int($0.path.split(separator: "/")[2]) })
            #expect(run.replica.vote(token: Self.token, site: "stackoverflow", postID: id) == "up", "the replica recorded it")
            // The answer voted on is the one at the top: its author, and your vote now shows there.
            let body = try await SignInEndToEndTests.get(run.replica, "/answers/\(id)?site=stackoverflow")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            let owner = ((json["items"] as? [[String: Any]])?.first?["owner"] as? [String: Any])?["display_name"] as? String
            #expect(owner == top.author)
            #expect(await eventually(within: 15) {
                guard let now = try? Self.topAnswer(in: run) else { return false }
                return now.number == top.number && now.author == top.author && now.voted
            }, "the vote shows at the top, on the same post")
        }
    }

    @Test func gThenPlusVotesOnTheAnswerAtTheTopAt120x40() async throws {
        try await gThenPlusVotesOnTheAnswerAtTheTop(width: 120, height: 40)
    }

    @Test func gThenPlusVotesOnTheAnswerAtTheTopAt80x24() async throws {
        try await gThenPlusVotesOnTheAnswerAtTheTop(width: 80, height: 24)
    }

    /// The issue's own case: a window exactly as tall as the last answer with the blank line above its header, so
    /// that after `G` the answer before it is wholly off screen; `+` must not vote on that one.
    @Test func gThenPlusNeverVotesOnAnAnswerOffScreen() async throws {
        try await SignInEndToEndTests.signedIn(width: 80, height: 12) { run in
            try await Self.openTheQuestion(in: run)
            try run.tmux.send("G")
            #expect(await eventually(within: 15) { (try? run.tmux.capture()[1])?.hasPrefix("── Answer 5 of 5 · ") == true })
            let screen = try run.tmux.capture()
            // (A margin mark aside: main marked answer 4, above the screen, with a lone ▲ there.)
            #expect(screen[0].trimmingCharacters(in: CharacterSet(charactersIn: " ▲◀")).isEmpty,
                    "the blank line above answer 5 at the top")
            #expect(!screen.contains { $0.contains("Answer 4") }, "answer 4 is wholly off screen")
            let author = try #require(screen[1].firstMatch(of: #/^── Answer 5 of 5 · score -?\d+ · (\S+) · /#)?.1)
            try run.tmux.send("+")
            #expect(try await run.waitForStatus("upvoted"))
            let votes = run.finishedRequests(pathPrefix: "/2.3/answers/").filter { $0.path.hasSuffix("/upvote") }
            let id = try #require(votes.first.flatMap { Int($0.path.split(separator: "/")[2]) })
            #expect(run.replica.vote(token: Self.token, site: "stackoverflow", postID: id) == "up")
            let body = try await SignInEndToEndTests.get(run.replica, "/answers/\(id)?site=stackoverflow")
            #expect(body.contains("\"display_name\":\"\(author)\""), "the vote is on answer 5, by \(author)")
            #expect(await eventually(within: 15) { (try? Self.topAnswer(in: run))?.voted == true }, "and shows on its header")
        }
    }

    @Test func showingAndHidingCommentsKeepsTheCurrentPostInPlace() async throws {
        try await SignInEndToEndTests.signedIn(width: 80, height: 24) { run in
            try await Self.openTheQuestion(in: run)
            try run.tmux.send("G")
            #expect(await eventually(within: 15) { (try? Self.stickyHeader(in: run)) != nil })
            let top = try #require(try Self.stickyHeader(in: run))
            let before = Array(try run.tmux.capture()[0..<6])
            try run.tmux.send("c")
            #expect(try await run.waitForStatus(" comments"))
            #expect(await eventually(within: 15) {
                (try? run.tmux.capture())?.contains { $0.contains("comments") && !$0.contains("│") } == true
            }, "comments under the posts")
            #expect(Array(try run.tmux.capture()[0..<6]) == before, "the post being read stays on its rows")
            // Hidden again: once no comment line is left, the post is still on its rows. (A wait for the rows alone
            // held before the key took effect: they were the same rows already.)
            #expect(await eventually(within: 15) { (try? run.tmux.capture())?.contains { $0.contains("│ — ▲") } == true })
            try run.tmux.send("c")
            #expect(await eventually(within: 15) { (try? run.tmux.capture())?.contains { $0.contains("│ — ▲") } == false })
            #expect(Array(try run.tmux.capture()[0..<6]) == before, "hiding them keeps the post on its rows too")
            try run.tmux.send("c")
            #expect(await eventually(within: 15) { (try? run.tmux.capture())?.contains { $0.contains("│ — ▲") } == true })
            // C comments on that post, and says so.
            try run.tmux.send("C")
            #expect(await eventually(within: 15) {
                (try? run.tmux.capture())?.contains { $0.contains("comment on answer \(top.number) by \(top.author) · 0/15 min") } == true
            }, "\((try? run.tmux.capture().joined(separator: "\n")) ?? "")")
        }
    }

    func theEditorNamesThePostAndCountsToTheMinimum(width: Int, height: Int, keys: String) async throws {
        try await SignInEndToEndTests.signedIn(width: width, height: height) { run in
            try await Self.openTheQuestion(in: run)
            try run.tmux.send("J")
            try run.tmux.send("C")
            func rule() -> String? { (try? run.tmux.capture())?.first { $0.contains(" comment on ") } }
            #expect(await eventually(within: 15) { rule()?.contains(" · 0/15 min · ") == true })
            let name = try #require(rule()?.firstMatch(of: #/comment on (answer (?:\d+ )?by \S+) · /#)?.1, "\(rule() ?? "")")
            #expect(!name.contains("7000"), "named by author, not by id")
            try run.tmux.sendLiteral("twelve chars")
            #expect(await eventually(within: 15) { rule()?.contains(" · 12/15 min · ") == true }, "the minimum while typing")
            try run.tmux.sendLiteral("!!!")
            #expect(await eventually(within: 15) { rule()?.contains(" · 15/600 ✓ · ") == true })
            let shown = try #require(rule())
            #expect(shown.contains(keys), "\(shown)")
            #expect(!shown.contains("…"), "no key cut short")
            // Line breaks: the preview shows the one paragraph the site will post, and says so.
            try run.tmux.send("M-Enter")
            try run.tmux.sendLiteral("second line")
            try run.tmux.send("Enter")
            #expect(await eventually(within: 15) {
                (try? run.tmux.capture())?.contains { $0.contains("one paragraph: comments keep no line breaks") } == true
            })
        }
    }

    @Test func theEditorNamesThePostAndCountsToTheMinimumAt80x24() async throws {
        try await theEditorNamesThePostAndCountsToTheMinimum(width: 80, height: 24, keys: "· Enter preview · Esc keep draft")
    }

    @Test func theEditorNamesThePostAndCountsToTheMinimumAt120x40() async throws {
        try await theEditorNamesThePostAndCountsToTheMinimum(
            width: 120, height: 40, keys: "· Enter preview · Esc keep draft · Alt-Enter new line")
    }
}
