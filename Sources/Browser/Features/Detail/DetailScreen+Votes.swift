import Foundation
import StackExchange

/// `+`, `-` and `f`: votes and the favourite on the open question's posts, one write per post at a time.
extension DetailScreen {
    /// `+`, `-` and `f`: votes on the current post (`f`: favourites the question); the same key again undoes it.
    /// One write per post at a time, on the user lane, never retried.
    mutating func vote(_ kind: PostVote, in context: inout ScreenContext) -> [BrowserEffect] {
        guard context.status.account.isSignedIn else {
            context.say(warning: kind == .favorite ? "sign in to favourite: stackterm login" : "sign in to vote: stackterm login")
            return []
        }
        guard let detail, let loaded = detail.loaded, var post = currentPost(in: context) else { return [] }
        if kind == .favorite { post = CurrentPost(postID: loaded.question.questionID, isQuestion: true, headerLine: 0) }
        let flags = Self.voteFlags(of: post, in: loaded)
        let undo = switch kind {
        case .upvote: flags.upvoted
        case .downvote: flags.downvoted
        case .favorite: flags.favorited
        }
        if writeIsUnsettled(site: detail.site, postID: post.postID, in: context) {
            context.notice = unverifiedWrites.contains(site: detail.site, postID: post.postID)
                ? "not known whether your last vote on this post landed — r reloads the question"
                : "the last vote on this post is still on its way"
            return []
        }
        let request = VoteRequest(site: detail.site, postID: post.postID, isQuestion: post.isQuestion, vote: kind, undo: undo)
        context.notice = Self.voteWords(kind, undo: undo, done: false,
                                                on: postName(postID: post.postID, isQuestion: post.isQuestion, in: context))
        context.lastError = nil
        return context.ledger.issue(.vote(request, questionID: detail.questionID), lane: .user, purpose: .vote, at: context.now).effects
    }

    /// The caller's vote and favourite on `post`, as the API last said.
    static func voteFlags(of post: CurrentPost, in loaded: QuestionDetail) -> (upvoted: Bool, downvoted: Bool, favorited: Bool) {
        if post.isQuestion {
            let question = loaded.question
            return (question.upvoted == true, question.downvoted == true, question.favorited == true)
        }
        let answer = loaded.answers.first { $0.answerID == post.postID }
        return (answer?.upvoted == true, answer?.downvoted == true, false)
    }

    /// The API's answer to a vote: the post's score and the caller's vote, shown as the API gives them.
    mutating func receiveVote(
        _ result: Result<PostVoteState, APIError>, entry: RequestLedger.Entry, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard let request = entry.request.as(BrowserRequest.Vote.self)?.request else { return [] }
        switch result {
        case .success(let voted):
            context.notice = Self.voteWords(request.vote, undo: request.undo, done: true, on: postName(of: request, in: context))
            context.lastError = nil
            // A favourite's answer always says it; a vote's says nothing of the favourite unless the filter asked.
            var voted = voted
            if request.vote == .favorite { voted.favorited = !request.undo }
            applyVoteState(voted, of: request, keepingFavourite: request.vote != .favorite)
            return []
        case .failure(let error) where error.leavesWriteOutcomeUnknown:
            // Sent, and no answer: it may have landed. Never shown as failed, never sent again unchecked.
            return checkVote(request, in: &context)
        case .failure(let error):
            context.notice = nil
            context.lastError = error.siteMessage
            return []
        }
    }

    /// Shows `voted` (the API's word on the post `request` was about) in the open question, if it is open.
    mutating func applyVoteState(_ voted: PostVoteState, of request: VoteRequest, keepingFavourite: Bool = false) {
        guard var detail, detail.site == request.site, var loaded = detail.loaded else { return }
        if request.isQuestion {
            guard loaded.question.questionID == request.postID else { return }
            loaded.question.score = voted.score
            loaded.question.upvoted = voted.upvoted
            loaded.question.downvoted = voted.downvoted
            if !keepingFavourite { loaded.question.favorited = voted.favorited }
        } else if let index = loaded.answers.firstIndex(where: { $0.answerID == request.postID }) {
            loaded.answers[index].score = voted.score
            loaded.answers[index].upvoted = voted.upvoted
            loaded.answers[index].downvoted = voted.downvoted
        } else {
            return
        }
        detail.show(loaded)
        self.detail = detail
    }

    /// How a notice names the post `request` voted on.
    func postName(of request: VoteRequest, in context: ScreenContext) -> String {
        postName(postID: request.postID, isQuestion: request.isQuestion, in: context)
    }

    /// `upvoting answer by sven…`, `upvoted answer by sven`, `undoing the favourite of the question…`,
    /// `favourite undone on the question`: what was done, to the post `target` names.
    static func voteWords(_ kind: PostVote, undo: Bool, done: Bool, on target: String) -> String {
        let noun = switch kind {
        case .upvote: "upvote"
        case .downvote: "downvote"
        case .favorite: "favourite"
        }
        if undo { return done ? "\(noun) undone on \(target)" : "undoing the \(noun) on \(target)…" }
        let verb = switch kind {
        case .upvote: done ? "upvoted" : "upvoting"
        case .downvote: done ? "downvoted" : "downvoting"
        case .favorite: done ? "favourited" : "favouriting"
        }
        return "\(verb) \(target)" + (done ? "" : "…")
    }

    /// `upvote`, `downvote`, `favourite`, or the undoing of one.
    static func voteNoun(_ request: VoteRequest) -> String {
        let noun = switch request.vote {
        case .upvote: "upvote"
        case .downvote: "downvote"
        case .favorite: "favourite"
        }
        return request.undo ? "\(noun) undo" : noun
    }
}
