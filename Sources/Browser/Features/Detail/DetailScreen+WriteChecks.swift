import Foundation
import StackExchange

/// Writes whose outcome is unknown: a vote or a comment that was sent and got no answer (a timeout, the deadline,
/// a lost connection, Esc). It may have been carried out, so it is neither shown as failed nor sent again: the
/// API is asked what happened (the post's votes, the person's comments), and only its answer decides.
extension DetailScreen {
    /// Esc while a vote or a comment is on its way: stop waiting for it, and ask what became of it.
    mutating func abandonWritesInFlight(in context: inout ScreenContext) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for entry in context.ledger.entries.values.sorted(by: { $0.token.value < $1.token.value }) {
            if let vote = entry.request.as(BrowserRequest.Vote.self) {
                effects += context.ledger.cancel(entry.token) + checkVote(vote.request, in: &context)
            } else if let comment = entry.request.as(BrowserRequest.AddComment.self), !comment.request.preview {
                effects += context.ledger.cancel(entry.token) + checkComment(comment.request, sentAt: entry.sentAt, in: &context)
            }
        }
        return effects
    }

    /// True while a vote or a comment is on its way (Esc then abandons it rather than leaving the screen).
    func hasWriteInFlight(in context: ScreenContext) -> Bool {
        context.ledger.entries.values.contains { entry in
            entry.request.is(BrowserRequest.Vote.self)
                || entry.request.as(BrowserRequest.AddComment.self).map { !$0.request.preview } == true
        }
    }

    /// A check is in flight for the post, or the last one could not tell: the same write must wait.
    func writeIsUnsettled(site: String, postID: Int, in context: ScreenContext) -> Bool {
        if unverifiedWrites.contains(site: site, postID: postID) { return true }
        return context.ledger.entries.values.contains { entry -> Bool in
            if let request = entry.request.as(BrowserRequest.Vote.self)?.request {
                return request.site == site && request.postID == postID
            }
            if let request = entry.request.as(BrowserRequest.PostState.self)?.request {
                return request.site == site && request.postID == postID
            }
            if let request = entry.request.as(BrowserRequest.AddComment.self)?.request {
                return !request.preview && request.site == site && request.postID == postID
            }
            if case .commentCheck(let request, _) = entry.purpose { return request.site == site && request.postID == postID }
            return false
        }
    }

    /// Asks whether `request` landed; the post stays unsettled until the answer.
    mutating func checkVote(_ request: VoteRequest, in context: inout ScreenContext) -> [BrowserEffect] {
        unverifiedWrites.insert(site: request.site, postID: request.postID)
        context.lastError = nil
        context.notice = "\(Self.voteNoun(request)) may have landed — checking…"
        let check = PostStateRequest(site: request.site, postID: request.postID, isQuestion: request.isQuestion)
        return context.ledger.issue(.postState(check), lane: .user, purpose: .voteCheck(request), at: context.now).effects
    }

    /// Asks whether the comment `request` (sent at `sentAt`) was posted.
    mutating func checkComment(_ request: AddCommentRequest, sentAt: Date, in context: inout ScreenContext) -> [BrowserEffect] {
        unverifiedWrites.insert(site: request.site, postID: request.postID)
        if var editor, editor.site == request.site, editor.postID == request.postID {
            editor.phase = .checking
            editor.problem = nil
            self.editor = editor
        }
        context.notice = "may have been posted — checking…"
        // A minute of slack for the two clocks; the post and the author narrow it down.
        let check = MyCommentsRequest(site: request.site, since: sentAt.addingTimeInterval(-60))
        return context.ledger.issue(.myComments(check), lane: .user, purpose: .commentCheck(request, sentAt: sentAt),
                                    at: context.now).effects
    }

    /// The post as the API has it now: the vote landed when the caller's vote is what it asked for.
    mutating func receiveVoteCheck(
        _ result: Result<PostVoteState, APIError>, vote: VoteRequest, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        let noun = Self.voteNoun(vote)
        switch result {
        case .failure(let error):
            // Still unknown: the post stays unsettled until a reload of the question shows its votes.
            context.notice = nil
            context.lastError = "could not check your \(noun): \(error.siteMessage) — r reloads the question"
            return []
        case .success(let post):
            unverifiedWrites.remove(site: vote.site, postID: vote.postID)
            applyVoteState(post, of: vote)
            let wanted = !vote.undo
            let landed = switch vote.vote {
            case .upvote: post.upvoted
            case .downvote: post.downvoted
            case .favorite: post.favorited
            }
            context.lastError = nil
            context.notice = landed == wanted
                ? "checked: " + Self.voteWords(vote.vote, undo: vote.undo, done: true, on: postName(of: vote, in: context))
                : "checked: your \(noun) did not land — press again to retry"
            return []
        }
    }

    /// The person's comments since the send: the comment was posted when one of them is on the post.
    mutating func receiveCommentCheck(
        _ result: Result<[PostComment], APIError>, comment request: AddCommentRequest, sentAt: Date,
        in context: inout ScreenContext
    ) -> [BrowserEffect] {
        let editorIsFor = editor.map { $0.site == request.site && $0.postID == request.postID } ?? false
        switch result {
        case .failure(let error):
            if editorIsFor, var editor {
                editor.phase = .unverified(sentAt: sentAt)
                editor.problem = "could not check whether it was posted (\(error.siteMessage)) — Enter checks again"
                self.editor = editor
            } else {
                context.lastError = "could not check whether your comment was posted: \(error.siteMessage)"
            }
            return []
        case .success(let comments):
            unverifiedWrites.remove(site: request.site, postID: request.postID)
            let slack = sentAt.addingTimeInterval(-60)
            if let posted = comments.first(where: { $0.postID == request.postID && $0.creationDate >= slack }) {
                if editorIsFor { editor = nil }
                context.notice = "checked: your comment was posted"
                if var detail, detail.site == request.site {
                    detail.comments.add(posted)
                    self.detail = detail
                }
                return context.features.commentDrafts ? [.write(.commentDraft(nil, site: request.site, postID: request.postID))] : []
            }
            if editorIsFor, var editor {
                editor.phase = .editing
                editor.problem = "checked: not posted — Enter sends it again"
                self.editor = editor
            } else {
                context.notice = "checked: your comment was not posted — C offers the draft again"
            }
            return []
        }
    }
}
