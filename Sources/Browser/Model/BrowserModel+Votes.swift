import Foundation
import StackExchange

extension BrowserModel {
    /// The post votes and comments act on, in the detail as laid out now.
    var currentPost: CurrentPost? {
        guard let detail = state.detail, let document = layouts.document(for: detail, width: width, now: now) else { return nil }
        return CurrentPost.of(detail, in: document)
    }

    /// `J` and `K`: scrolls so the next (or previous) post's header is at the top.
    mutating func jumpToPost(forward: Bool) -> [BrowserEffect] {
        guard var detail = state.detail, let document = layouts.document(for: detail, width: width, now: now) else { return [] }
        let headers = [0] + document.answerLineIndices
        let current = CurrentPost.of(detail, in: document)?.headerLine ?? 0
        let target = forward ? headers.first { $0 > current } : headers.last { $0 < current }
        guard let target else { return [] }
        detail.scroll = target
        detail.scroll(by: 0, lineCount: document.lines.count, height: bodyHeight)
        // Near the end the header cannot reach the top: the post stays current all the same.
        detail.pinnedPostLine = detail.scroll == target ? nil : target
        state.detail = detail
        return loadMoreAnswersIfNeeded()
    }

    /// `+`, `-` and `f`: votes on the current post (`f`: favourites the question); the same key again undoes it.
    /// One write per post at a time, on the user lane, never retried.
    mutating func vote(_ kind: PostVote) -> [BrowserEffect] {
        guard state.account.isSignedIn else {
            state.say(warning: kind == .favorite ? "sign in to favourite: stackterm login" : "sign in to vote: stackterm login")
            return []
        }
        guard let detail = state.detail, let loaded = detail.loaded, var post = currentPost else { return [] }
        if kind == .favorite { post = CurrentPost(postID: loaded.question.questionID, isQuestion: true, headerLine: 0) }
        let flags = voteFlags(of: post, in: loaded)
        let undo = switch kind {
        case .upvote: flags.upvoted
        case .downvote: flags.downvoted
        case .favorite: flags.favorited
        }
        if writeIsUnsettled(site: detail.site, postID: post.postID) {
            state.notice = unverifiedWrites.contains(site: detail.site, postID: post.postID)
                ? "not known whether your last vote on this post landed — r reloads the question"
                : "the last vote on this post is still on its way"
            return []
        }
        let request = VoteRequest(site: detail.site, postID: post.postID, isQuestion: post.isQuestion, vote: kind, undo: undo)
        state.notice = Self.voteWords(kind, undo: undo, done: false)
        state.lastError = nil
        return ledger.issue(.vote(request, questionID: detail.questionID), lane: .user, purpose: .vote, at: now).effects
    }

    /// The caller's vote and favourite on `post`, as the API last said.
    func voteFlags(of post: CurrentPost, in loaded: QuestionDetail) -> (upvoted: Bool, downvoted: Bool, favorited: Bool) {
        if post.isQuestion {
            let question = loaded.question
            return (question.upvoted == true, question.downvoted == true, question.favorited == true)
        }
        let answer = loaded.answers.first { $0.answerID == post.postID }
        return (answer?.upvoted == true, answer?.downvoted == true, false)
    }

    /// The API's answer to a vote: the post's score and the caller's vote, shown as the API gives them.
    mutating func receiveVote(_ result: Result<PostVoteState, APIError>, entry: RequestLedger.Entry) -> [BrowserEffect] {
        guard case .vote(let request, _) = entry.request else { return [] }
        switch result {
        case .success(let voted):
            state.notice = Self.voteWords(request.vote, undo: request.undo, done: true)
            state.lastError = nil
            // A favourite's answer always says it; a vote's says nothing of the favourite unless the filter asked.
            var voted = voted
            if request.vote == .favorite { voted.favorited = !request.undo }
            applyVoteState(voted, of: request, keepingFavourite: request.vote != .favorite)
            return []
        case .failure(let error) where error.leavesWriteOutcomeUnknown:
            // Sent, and no answer: it may have landed. Never shown as failed, never sent again unchecked.
            return checkVote(request)
        case .failure(let error):
            state.notice = nil
            state.lastError = error.siteMessage
            return []
        }
    }

    /// Shows `voted` (the API's word on the post `request` was about) in the open question, if it is open.
    mutating func applyVoteState(_ voted: PostVoteState, of request: VoteRequest, keepingFavourite: Bool = false) {
        guard var detail = state.detail, detail.site == request.site, var loaded = detail.loaded else { return }
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
        state.detail = detail
    }

    /// `upvoting…`, `upvoted`, `undoing the favourite…`, `favourite undone`.
    static func voteWords(_ kind: PostVote, undo: Bool, done: Bool) -> String {
        let noun = switch kind {
        case .upvote: "upvote"
        case .downvote: "downvote"
        case .favorite: "favourite"
        }
        if undo { return done ? "\(noun) undone" : "undoing the \(noun)…" }
        let verb = switch kind {
        case .upvote: done ? "upvoted" : "upvoting…"
        case .downvote: done ? "downvoted" : "downvoting…"
        case .favorite: done ? "favourited" : "favouriting…"
        }
        return verb
    }
}
