@testable import Browser
import Foundation
import StackExchange
import Testing

/// Writes whose answer never came (issue 25, finding 1): unknown, not failed. The API is asked what happened
/// before the same write may go again, and the comment clock starts when a comment is sent (finding 7).
@MainActor
struct WriteOutcomeTests {
    let base = SignedInModelTests()
    var t0: Date { base.t0 }
    static let timedOut = APIError.transport(URLError(.timedOut))

    func sent(_ effects: [BrowserEffect]) -> [BrowserRequest] { base.sent(effects).map(\.request) }

    func check(in effects: [BrowserEffect]) -> (RequestToken, BrowserRequest)? {
        base.sent(effects).first { entry in
            entry.request.is(BrowserRequest.PostState.self) || entry.request.is(BrowserRequest.MyComments.self)
        }.map { ($0.token, $0.request) }
    }

    @Test func aVoteThatTimedOutIsCheckedNotFailedAndNotSentAgainUntilTheCheckAnswers() throws {
        var (model, _, _) = base.showingQuestion()
        let up = try #require(base.vote(in: model.handle(.key(.character("+")), at: t0)))
        let effects = model.handle(.response(up.0, .vote(.failure(Self.timedOut))), at: t0)
        #expect(model.state.lastError == nil, "not shown as failed")
        #expect(model.state.notice == "upvote may have landed — checking…")
        let (checkToken, request) = try #require(check(in: effects))
        #expect(request == .postState(PostStateRequest(site: "stackoverflow", postID: 1007, isQuestion: true)))
        #expect(base.vote(in: model.handle(.key(.character("+")), at: t0)) == nil, "no second vote while checking")

        // It did land: the screen shows the API's score and vote, and the next + undoes it.
        _ = model.handle(.response(checkToken, .postState(.success(PostVoteState(postID: 1007, score: 43, upvoted: true)))), at: t0)
        #expect(model.state.notice == "checked: upvoted the question")
        #expect(model.state.detail?.loaded?.question.score == 43)
        let again = try #require(base.vote(in: model.handle(.key(.character("+")), at: t0)))
        #expect(again.1.undo, "the check said it landed: + now undoes it")
    }

    @Test func aVoteTheCheckFindsMissingMayBeCastAgain() throws {
        var (model, _, _) = base.showingQuestion()
        let up = try #require(base.vote(in: model.handle(.key(.character("+")), at: t0)))
        let (checkToken, _) = try #require(check(in: model.handle(.response(up.0, .vote(.failure(Self.timedOut))), at: t0)))
        _ = model.handle(.response(checkToken, .postState(.success(PostVoteState(postID: 1007, score: 42)))), at: t0)
        #expect(model.state.notice == "checked: your upvote did not land — press again to retry")
        let again = try #require(base.vote(in: model.handle(.key(.character("+")), at: t0)))
        #expect(!again.1.undo)
    }

    @Test func aFailedCheckKeepsThePostUnsettledUntilTheQuestionIsReloaded() throws {
        var (model, _, question) = base.showingQuestion()
        let up = try #require(base.vote(in: model.handle(.key(.character("+")), at: t0)))
        let (checkToken, _) = try #require(check(in: model.handle(.response(up.0, .vote(.failure(Self.timedOut))), at: t0)))
        _ = model.handle(.response(checkToken, .postState(.failure(Self.timedOut))), at: t0)
        #expect(model.state.lastError?.contains("could not check your upvote") == true)
        #expect(base.vote(in: model.handle(.key(.character("+")), at: t0)) == nil)
        #expect(model.state.notice?.contains("not known whether your last vote") == true)
        // A reload (after the 2-second window) brings the API's word on every post: votes may go again.
        let reload = base.sent(model.handle(.key(.character("r")), at: t0.addingTimeInterval(3)))
        let detail = try #require(reload.first { $0.request == .detail(site: "stackoverflow", questionID: 1007) })
        _ = model.handle(.response(detail.token, .detail(.success(QuestionDetail(question: question, answers: [])))),
                         at: t0.addingTimeInterval(3))
        #expect(base.vote(in: model.handle(.key(.character("+")), at: t0.addingTimeInterval(3))) != nil)
    }

    @Test func aRefusedVoteIsStillAFailureNotAnUnknown() throws {
        var (model, _, _) = base.showingQuestion()
        let up = try #require(base.vote(in: model.handle(.key(.character("+")), at: t0)))
        let effects = model.handle(.response(up.0, .vote(.failure(.cannotConnect))), at: t0)
        #expect(check(in: effects) == nil, "a refused connection never reached the server")
        #expect(model.state.lastError != nil)
    }

    @Test func escWhileAVoteIsOnItsWayCancelsItAndChecks() throws {
        var (model, _, _) = base.showingQuestion()
        let up = try #require(base.vote(in: model.handle(.key(.character("+")), at: t0)))
        let effects = model.handle(.key(.escape), at: t0)
        #expect(effects.contains { if case .cancel(let token) = $0 { token == up.0 } else { false } })
        #expect(check(in: effects) != nil)
        #expect(model.state.detail != nil, "Esc stopped the wait, not the question")
    }

    /// The editor at the confirm step of a comment on the question, typed and previewed.
    func confirming(_ model: inout BrowserModel) throws {
        _ = model.handle(.key(.character("C")), at: t0)
        _ = base.type("A comment long enough", into: &model)
        let preview = try #require(base.comment(in: model.handle(.key(.enter), at: t0)))
        _ = model.handle(.response(preview.0, .comment(.success(
            PostComment(commentID: 0, postID: 1007, creationDate: t0, body: "A comment long enough")))), at: t0)
    }

    @Test func aCommentWhoseAnswerTimedOutIsFoundAmongTheCallersCommentsAndNotPostedTwice() throws {
        var (model, _, _) = base.showingQuestion()
        try confirming(&model)
        let post = try #require(base.comment(in: model.handle(.key(.character("y")), at: t0)))
        let effects = model.handle(.response(post.0, .comment(.failure(Self.timedOut))), at: t0.addingTimeInterval(30))
        #expect(model.state.commentEditor?.phase == .checking)
        #expect(model.state.notice == "may have been posted — checking…")
        let (checkToken, request) = try #require(check(in: effects))
        #expect(request == .myComments(MyCommentsRequest(site: "stackoverflow", since: t0.addingTimeInterval(-60))))
        #expect(base.comment(in: model.handle(.key(.enter), at: t0)) == nil, "nothing is sent while checking")

        let mine = PostComment(commentID: 990_000_001, postID: 1007, creationDate: t0.addingTimeInterval(1), body: "A comment long enough")
        let done = model.handle(.response(checkToken, .myComments(.success([mine]))), at: t0.addingTimeInterval(31))
        #expect(model.state.commentEditor == nil)
        #expect(model.state.notice == "checked: your comment was posted")
        #expect(done.contains { if case .write(.commentDraft(nil, "stackoverflow", 1007)) = $0 { true } else { false } })
    }

    @Test func aCommentTheCheckDoesNotFindGoesBackToTheEditor() throws {
        var (model, _, _) = base.showingQuestion()
        try confirming(&model)
        let post = try #require(base.comment(in: model.handle(.key(.character("y")), at: t0)))
        let (checkToken, _) = try #require(check(in: model.handle(.response(post.0, .comment(.failure(Self.timedOut))), at: t0)))
        let other = PostComment(commentID: 5, postID: 71, creationDate: t0, body: "on another post")
        _ = model.handle(.response(checkToken, .myComments(.success([other]))), at: t0)
        #expect(model.state.commentEditor?.phase == .editing)
        #expect(model.state.commentEditor?.problem == "checked: not posted — Enter sends it again")
    }

    @Test func escWhilePostingStopsWaitingButTheCheckGoesOn() throws {
        var (model, _, _) = base.showingQuestion()
        try confirming(&model)
        let post = try #require(base.comment(in: model.handle(.key(.character("y")), at: t0)))
        let esc = model.handle(.key(.escape), at: t0)
        #expect(esc.contains { if case .cancel(let token) = $0 { token == post.0 } else { false } })
        let (checkToken, _) = try #require(check(in: esc))
        let close = model.handle(.key(.escape), at: t0)
        #expect(model.state.commentEditor == nil)
        #expect(!close.contains { if case .cancel(let token) = $0 { token == checkToken } else { false } }, "the check is not cancelled")
        #expect(base.comment(in: model.handle(.key(.character("C")), at: t0)) == nil)
        let mine = PostComment(commentID: 7, postID: 1007, creationDate: t0, body: "A comment long enough")
        _ = model.handle(.response(checkToken, .myComments(.success([mine]))), at: t0)
        #expect(model.state.notice == "checked: your comment was posted")
    }

    /// The clock starts at the send: a post that never got an answer (checked: not posted) still holds the next
    /// comment to 5 s after it was sent.
    @Test func theCommentClockStartsWhenTheCommentIsSent() throws {
        var (model, _, _) = base.showingQuestion()
        try confirming(&model)
        let post = try #require(base.comment(in: model.handle(.key(.character("y")), at: t0)))
        let at4 = t0.addingTimeInterval(4)
        let (checkToken, _) = try #require(check(in: model.handle(.response(post.0, .comment(.failure(Self.timedOut))), at: at4)))
        _ = model.handle(.response(checkToken, .myComments(.success([]))), at: at4)
        let wait = model.handle(.key(.enter), at: at4)
        #expect(base.comment(in: wait) == nil)
        #expect(model.state.commentEditor?.phase == .waiting(until: t0.addingTimeInterval(5), preview: true))
    }

    /// Another stackterm's comment, read from the data file at Enter, holds this one's too (finding 7).
    @Test func theSharedClockFromTheDataFileHoldsTheNextComment() throws {
        var features = SignedInModelTests.features
        features.commentClock = true
        var (model, _, _) = base.showingQuestion(features: features)
        _ = model.handle(.key(.character("C")), at: t0)
        _ = base.type("A comment long enough", into: &model)
        let enter = model.handle(.key(.enter), at: t0)
        #expect(enter.contains { if case .read(.commentClock(site: "stackoverflow")) = $0 { true } else { false } })
        #expect(base.comment(in: enter) == nil, "nothing goes before the clock is read")
        let read = model.handle(.stored(.commentClock(t0.addingTimeInterval(-2), site: "stackoverflow")), at: t0)
        #expect(base.comment(in: read) == nil)
        #expect(model.state.commentEditor?.phase == .waiting(until: t0.addingTimeInterval(3), preview: true))
        let due = try #require(base.comment(in: model.handle(.tick, at: t0.addingTimeInterval(3))))
        #expect(due.1.preview)
        _ = model.handle(.response(due.0, .comment(.success(
            PostComment(commentID: 0, postID: 1007, creationDate: t0, body: "x")))), at: t0.addingTimeInterval(3))
        let y = model.handle(.key(.character("y")), at: t0.addingTimeInterval(9))
        let clock = model.handle(.stored(.commentClock(nil, site: "stackoverflow")), at: t0.addingTimeInterval(9))
        #expect(y.contains { if case .read(.commentClock(site: "stackoverflow")) = $0 { true } else { false } })
        #expect(clock.contains { if case .write(.commentSent(site: "stackoverflow", at: t0.addingTimeInterval(9))) = $0 { true } else { false } },
                "the send is recorded for every stackterm")
        #expect(base.comment(in: clock) != nil)
    }
}

extension APIError {
    static let cannotConnect = APIError.transport(URLError(.cannotConnectToHost))
}
