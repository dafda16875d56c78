@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// Every write of a signed-in person as events and effects: votes and their undo, the favourite, comments with
/// preview, confirm and the 5-second countdown, the inbox and its badge, and a 402 signing out. No runner, no I/O.
@MainActor
struct SignedInModelTests {
    let t0 = Fixtures.now
    static let features = BrowserFeatures(comments: true, personal: true, account: true, commentDrafts: true, inboxStore: true)

    func sent(_ effects: [BrowserEffect]) -> [(token: RequestToken, request: BrowserRequest, lane: RequestPriority)] {
        effects.compactMap { effect in
            if case .send(let token, let request, let lane) = effect { return (token, request, lane) }
            return nil
        }
    }

    /// A signed-in model showing question 1007 (two answers) of stackoverflow, its badge poll's token, and the question.
    func showingQuestion(
        signedIn: Bool = true, features: BrowserFeatures = Self.features
    ) -> (BrowserModel, badge: RequestToken?, question: Question) {
        var configuration = BrowserConfiguration(site: "stackoverflow")
        configuration.signedInAs = signedIn ? "bob" : nil
        var model = BrowserModel(configuration: configuration, features: features, now: t0)
        _ = model.handle(.resize(width: 80, height: 30), at: t0)
        let start = sent(model.handle(.start, at: t0))
        let badge = start.first { $0.request.as(BrowserRequest.Inbox.self)?.unreadOnly == true }?.token
        let list = start.first { $0.request.is(BrowserRequest.Questions.self) }!.token
        let question = Fixtures.questions(1, from: 7)[0]
        _ = model.handle(.response(list, .questions(.success(Fixtures.page([question], hasMore: false)))), at: t0)
        let openEffects = model.handle(.key(.enter), at: t0)
        let open = sent(openEffects).first { $0.request == .detail(site: "stackoverflow", questionID: 1007) }!
        let answers = [Answer(answerID: 71, questionID: 1007, score: 5, creationDate: t0, body: "<p>first</p>"),
                       Answer(answerID: 72, questionID: 1007, score: 2, creationDate: t0, body: "<p>second</p>")]
        _ = model.handle(.response(open.token, .detail(.success(QuestionDetail(question: question, answers: answers)))), at: t0)
        return (model, badge, question)
    }

    func vote(in effects: [BrowserEffect]) -> (RequestToken, VoteRequest, RequestPriority)? {
        for (token, request, lane) in sent(effects) { if let vote = request.as(BrowserRequest.Vote.self)?.request { return (token, vote, lane) } }
        return nil
    }

    @Test func aVoteGoesOnTheUserLaneAndTheSameKeyAgainUndoesItWithTheScoreFromTheAnswer() throws {
        var (model, _, question) = showingQuestion()
        let up = try #require(vote(in: model.handle(.key(.character("+")), at: t0)))
        #expect(up.1 == VoteRequest(site: "stackoverflow", postID: 1007, isQuestion: true, vote: .upvote, undo: false))
        #expect(up.2 == .user)
        #expect(vote(in: model.handle(.key(.character("+")), at: t0)) == nil, "one write per post at a time")
        _ = model.handle(.response(up.0, .vote(.success(PostVoteState(postID: 1007, score: 41, upvoted: true)))), at: t0)
        #expect(model.state.detail?.loaded?.question.score == 41)
        #expect(model.state.detail?.loaded?.question.upvoted == true)
        #expect(model.state.notice == "upvoted the question")
        let undo = try #require(vote(in: model.handle(.key(.character("+")), at: t0)))
        #expect(undo.1.undo && undo.1.vote == .upvote)
        _ = model.handle(.response(undo.0, .vote(.success(PostVoteState(postID: 1007, score: question.score)))), at: t0)
        #expect(model.state.detail?.loaded?.question.upvoted == false)
        #expect(model.state.notice == "upvote undone on the question")
    }

    @Test func jAndKMoveTheCurrentPostAndVotesFollowIt() throws {
        var (model, _, _) = showingQuestion()
        #expect(model.currentPost?.isQuestion == true)
        _ = model.handle(.key(.character("J")), at: t0)
        #expect(model.currentPost?.postID == 71)
        let down = try #require(vote(in: model.handle(.key(.character("-")), at: t0)))
        #expect(down.1.postID == 71 && !down.1.isQuestion && down.1.vote == .downvote)
        _ = model.handle(.response(down.0, .vote(.success(PostVoteState(postID: 10071, score: 4, downvoted: true)))), at: t0)
        #expect(model.state.detail?.loaded?.answers.first { $0.answerID == 71 }?.downvoted == true)
        _ = model.handle(.key(.character("J")), at: t0)
        #expect(model.currentPost?.postID == 72)
        _ = model.handle(.key(.character("K")), at: t0)
        #expect(model.currentPost?.postID == 71)
        let favorite = try #require(vote(in: model.handle(.key(.character("f")), at: t0)))
        #expect(favorite.1.postID == 1007 && favorite.1.isQuestion && favorite.1.vote == .favorite, "f is for the question")
    }

    @Test func aRefusedVoteShowsTheSitesWordsAndIsNotSentAgain() throws {
        var (model, _, _) = showingQuestion()
        let up = try #require(vote(in: model.handle(.key(.character("+")), at: t0)))
        let effects = model.handle(.response(up.0, .vote(.failure(
            .stackExchange(id: 407, name: "write_failed", message: "You can't vote for your own post.")))), at: t0)
        #expect(sent(effects).isEmpty)
        #expect(model.state.lastError == "write_failed: You can't vote for your own post.")
        #expect(model.state.account.isSignedIn)
    }

    @Test func a402OnAnyRequestSignsOutWithOneLineAndForgetsTheToken() throws {
        var (model, _, _) = showingQuestion()
        let up = try #require(vote(in: model.handle(.key(.character("+")), at: t0)))
        let effects = model.handle(.response(up.0, .vote(.failure(
            .stackExchange(id: 402, name: "invalid_access_token", message: "expired")))), at: t0)
        #expect(effects.contains { if case .signOut = $0 { true } else { false } })
        #expect(!model.state.account.isSignedIn)
        #expect(model.state.lastError?.hasPrefix("signed out:") == true)
        #expect(vote(in: model.handle(.key(.character("+")), at: t0)) == nil)
        #expect(model.state.notice == "sign in to vote: stackterm login")
    }

    @Test func signedOutNothingIsWrittenAndNoBadgeIsPolled() {
        var (model, badge, _) = showingQuestion(signedIn: false)
        #expect(badge == nil)
        #expect(vote(in: model.handle(.key(.character("+")), at: t0)) == nil)
        #expect(model.handle(.key(.character("C")), at: t0).isEmpty)
        #expect(model.state.commentEditor == nil)
    }

    func comment(in effects: [BrowserEffect]) -> (RequestToken, AddCommentRequest)? {
        for (token, request, _) in sent(effects) { if let comment = request.as(BrowserRequest.AddComment.self)?.request { return (token, comment) } }
        return nil
    }

    func type(_ text: String, into model: inout BrowserModel) -> [BrowserEffect] {
        text.flatMap { model.handle(.key(.character($0)), at: t0) }
    }

    @Test func aCommentIsPreviewedThenConfirmedAndTheNextWaitsOutFiveSecondsOnTheClock() throws {
        var (model, _, _) = showingQuestion()
        let open = model.handle(.key(.character("C")), at: t0)
        #expect(open.contains { if case .read(.commentDraft("stackoverflow", 1007)) = $0 { true } else { false } })
        #expect(comment(in: model.handle(.key(.enter), at: t0)) == nil, "empty: nothing sent")
        #expect(model.state.commentEditor?.problem?.contains("15 to 600") == true)
        let typed = type("Nice question, thanks", into: &model)
        #expect(typed.contains { if case .write(.commentDraft("Nice question, thanks", "stackoverflow", 1007)) = $0 { true } else { false } })
        _ = model.handle(.key(.control("j")), at: t0)
        _ = type("Second line", into: &model)
        #expect(model.state.commentEditor?.text == "Nice question, thanks\nSecond line")
        let preview = try #require(comment(in: model.handle(.key(.enter), at: t0)))
        #expect(preview.1.preview && preview.1.postID == 1007)
        let rendered = PostComment(commentID: 0, postID: 1007, creationDate: t0, body: "Nice question, thanks Second line")
        _ = model.handle(.response(preview.0, .comment(.success(rendered))), at: t0)
        #expect(model.state.commentEditor?.phase == .confirming(rendered: "Nice question, thanks Second line"))
        let post = try #require(comment(in: model.handle(.key(.character("y")), at: t0)))
        #expect(!post.1.preview)
        var posted = rendered
        posted.commentID = 900
        let done = model.handle(.response(post.0, .comment(.success(posted))), at: t0)
        #expect(done.contains { if case .write(.commentDraft(nil, "stackoverflow", 1007)) = $0 { true } else { false } })
        #expect(model.state.commentEditor == nil)

        // A second comment 2 s later: its preview counts down to 5 s after the first, on the model's clock.
        let t2 = t0.addingTimeInterval(2)
        _ = model.handle(.key(.character("C")), at: t2)
        for character in "Another remark here" { _ = model.handle(.key(.character(character)), at: t2) }
        let wait = model.handle(.key(.enter), at: t2)
        #expect(comment(in: wait) == nil)
        #expect(wait.contains { if case .wake(let after) = $0 { abs(after - 3) < 0.001 } else { false } })
        #expect(model.state.commentEditor?.phase == .waiting(until: t0.addingTimeInterval(5), preview: true))
        #expect(model.needsAnimation)
        #expect(comment(in: model.handle(.tick, at: t0.addingTimeInterval(4.9))) == nil)
        let due = try #require(comment(in: model.handle(.tick, at: t0.addingTimeInterval(5))))
        #expect(due.1.preview && due.1.body == "Another remark here")
        _ = model.handle(.response(due.0, .comment(.success(rendered))), at: t0.addingTimeInterval(5.1))
        let second = try #require(comment(in: model.handle(.key(.character("y")), at: t0.addingTimeInterval(5.2))))
        #expect(!second.1.preview, "5 seconds have passed: posted at once")
    }

    @Test func escKeepsTheDraftAndTheStoredDraftIsOfferedAgain() {
        var (model, _, _) = showingQuestion()
        _ = model.handle(.key(.character("C")), at: t0)
        _ = model.handle(.stored(.commentDraft("kept from a crash", site: "stackoverflow", postID: 1007)), at: t0)
        #expect(model.state.commentEditor?.text == "kept from a crash")
        _ = model.handle(.key(.escape), at: t0)
        #expect(model.state.commentEditor == nil)
        #expect(model.state.notice == "draft kept: C offers it again")
    }

    @Test func aRefusedCommentGoesBackToEditingWithTheSitesReason() throws {
        var (model, _, _) = showingQuestion()
        _ = model.handle(.key(.character("C")), at: t0)
        _ = type("A comment long enough", into: &model)
        let preview = try #require(comment(in: model.handle(.key(.enter), at: t0)))
        _ = model.handle(.response(preview.0, .comment(.failure(.stackExchange(
            id: 407, name: "write_failed", message: "You must have 50 reputation to comment on others' posts.")))), at: t0)
        #expect(model.state.commentEditor?.phase == .editing)
        #expect(model.state.commentEditor?.problem == "write_failed: You must have 50 reputation to comment on others' posts.")
    }

    static func item(_ id: Int, site: String, unread: Bool) -> InboxItem {
        InboxItem(itemType: "comment", questionID: id, title: "Question \(id)", creationDate: Fixtures.now, isUnread: unread,
                  site: .init(apiSiteParameter: site, name: site))
    }

    @Test func theBadgeIsPolledInTheBackgroundAtLaunchThenEveryFiveMinutes() throws {
        var (model, badge, _) = showingQuestion()
        let token = try #require(badge)
        let answered = model.handle(.response(token, .inbox(.success([Self.item(1, site: "superuser", unread: true)]))), at: t0)
        #expect(model.state.inbox.unreadCount == 1)
        #expect(answered.contains { if case .wake(let after) = $0 { after == 300 } else { false } })
        #expect(sent(model.handle(.tick, at: t0.addingTimeInterval(299))).isEmpty)
        let again = sent(model.handle(.tick, at: t0.addingTimeInterval(300)))
        #expect(again.count == 1 && again.first?.lane == .background)
    }

    @Test func theInboxOpensAnItemOnItsOwnSiteAndIsKept() throws {
        var (model, _, _) = showingQuestion()
        _ = model.handle(.key(.escape), at: t0)
        let open = try #require(sent(model.handle(.key(.character("i")), at: t0)).first)
        #expect(open.request == .inbox(unreadOnly: false, site: "stackoverflow") && open.lane == .user)
        let items = [Self.item(1, site: "stackoverflow", unread: false), Self.item(2, site: "superuser", unread: true)]
        let kept = model.handle(.response(open.token, .inbox(.success(items))), at: t0)
        #expect(kept.contains { if case .write(.inbox(let stored)) = $0 { stored == items } else { false } })
        _ = model.handle(.key(.down), at: t0)
        let detail = sent(model.handle(.key(.enter), at: t0))
        #expect(detail.map(\.request).contains(.detail(site: "superuser", questionID: 2)))
        #expect(model.state.detail?.site == "superuser")
        #expect(StatusBar.location(model.state, brief: true) == "superuser", "the status bar names the item's own site")
        _ = model.handle(.key(.escape), at: t0)
        #expect(model.state.stack.top == .inbox, "back from the item's question is the inbox")
    }

    @Test func theCurrentPostIsMarkedInTheMarginAndYourVoteShowsInTheHeader() throws {
        var (model, badge, _) = showingQuestion()
        _ = model.handle(.response(try #require(badge), .inbox(.success([Self.item(1, site: "unix", unread: true)]))), at: t0)
        func rows() -> [String] {
            let buffer = BrowserRenderer.render(model, width: 80, height: 30)
            return (0..<30).map { buffer.text(ofRow: $0).trimmingCharacters(in: .whitespaces) }
        }
        #expect(rows()[0].hasSuffix("◀"), "the question is current")
        #expect(rows()[29].contains("✉ 1"), "the unread badge")
        _ = model.handle(.key(.character("J")), at: t0)
        let header = try #require(rows().firstIndex { $0.contains("Answer 1 of 2") })
        #expect(rows()[header].hasSuffix("◀"))
        #expect(!rows()[0].hasSuffix("◀"))
        let up = try #require(vote(in: model.handle(.key(.character("+")), at: t0)))
        _ = model.handle(.response(up.0, .vote(.success(PostVoteState(postID: 71, score: 6, upvoted: true)))), at: t0)
        #expect(rows()[header].contains("▲ 6"), "your vote and the API's score")
        #expect(!rows()[header].contains("score 6"))
    }
}
