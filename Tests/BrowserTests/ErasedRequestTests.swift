@testable import Browser
import StackExchange
import Testing

/// The type-erased request and response keep their kinds apart.
struct ErasedRequestTests {
    @Test func twoKindsWithTheSameReplyTypeAreNotMistaken() {
        let state = PostVoteState(postID: 7, score: 3, upvoted: true)
        let vote = BrowserResponse.vote(.success(state))
        #expect(vote.reply(as: BrowserRequest.Vote.self).flatMap { try? $0.get() } == state)
        #expect(vote.reply(as: BrowserRequest.PostState.self) == nil)
        #expect(vote.error == nil)
        #expect(BrowserResponse.postState(.failure(.cancelled)).error == .cancelled)
    }

    @Test func aRequestIsEqualToItsKindsValueAndReadsBackAsIt() throws {
        let vote = VoteRequest(site: "superuser", postID: 7, isQuestion: false, vote: .upvote, undo: false)
        let request = BrowserRequest.vote(vote, questionID: 5)
        #expect(request == .vote(vote, questionID: 5) && request.hashValue == BrowserRequest.vote(vote, questionID: 5).hashValue)
        #expect(request != .vote(vote, questionID: 6))
        #expect(request != .postState(PostStateRequest(site: "superuser", postID: 7, isQuestion: false)))
        #expect(try #require(request.as(BrowserRequest.Vote.self)).request == vote)
        #expect(request.as(BrowserRequest.PostState.self) == nil && request.site == "superuser")
        #expect(Set([request, .vote(vote, questionID: 5), .sites, .sites]).count == 2)
    }
}
