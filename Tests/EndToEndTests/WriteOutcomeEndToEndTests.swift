import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Issue 25, finding 1, as a person meets it: the API carries a comment out but its answer never comes (the
/// replica holds it past the request deadline). stackterm says it may have been posted, asks the API, finds it,
/// and the comment exists once — where it used to say "timed out", and posting again made a duplicate.
@Suite(.serialized)
struct WriteOutcomeEndToEndTests {
    @Test func aCommentWhoseAnswerNeverCameIsFoundNotPostedTwice() async throws {
        try await SignInEndToEndTests.signedIn(config: "request_deadline = 5\n") { run in
            let post = SignInEndToEndTests.otherQuestion
            try await SignInEndToEndTests.open(1, in: run)
            try run.tmux.send("C")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("comment on the question") }) == true })
            try run.tmux.sendLiteral("a comment whose answer is held")
            try run.tmux.send("Enter")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("y post it") }) == true })
            // The post is carried out at once; its answer is held for 30 s, past the 5-second deadline.
            run.replica.injectFault(.hold(seconds: 30, path: "/2.3/posts/\(post)/comments/add"))
            try run.tmux.send("y")
            #expect(await eventually(within: 20) {
                (try? run.tmux.capture().contains { $0.contains("may have been posted") }) == true
            }, "unknown, not failed")
            #expect(try await run.waitForStatus("checked: your comment was posted", within: 20))
            #expect(run.replica.addedComments(site: "stackoverflow", postID: post) == ["a comment whose answer is held"])
            #expect(!(try run.tmux.capture().contains { $0.contains("timed out") }))
            // The editor is closed: the person cannot send it again by mistake.
            #expect(!(try run.tmux.capture().contains { $0.contains("comment on the question") }))
            #expect(run.replica.requestCount(pathPrefix: "/2.3/me/comments") == 1)
        }
    }
}
