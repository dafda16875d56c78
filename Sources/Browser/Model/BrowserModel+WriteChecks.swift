import Foundation
import StackExchange

/// Writes whose outcome is unknown: a vote or a comment that was sent and got no answer (a timeout, the deadline,
/// a lost connection, Esc). It may have been carried out, so it is neither shown as failed nor sent again: the
/// API is asked what happened (the post's votes, the person's comments), and only its answer decides.
extension BrowserModel {
    /// Esc while a vote or a comment is on its way: stop waiting for it, and ask what became of it.
    mutating func abandonWritesInFlight() -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for entry in ledger.entries.values.sorted(by: { $0.token.value < $1.token.value }) {
            switch entry.request {
            case .vote(let request, _):
                effects += ledger.cancel(entry.token) + checkVote(request)
            case .addComment(let request, _) where !request.preview:
                effects += ledger.cancel(entry.token) + checkComment(request, sentAt: entry.sentAt)
            default:
                continue
            }
        }
        return effects
    }

    /// True while a vote or a comment is on its way (Esc then abandons it rather than leaving the screen).
    var hasWriteInFlight: Bool {
        ledger.entries.values.contains { entry in
            switch entry.request {
            case .vote: true
            case .addComment(let request, _): !request.preview
            default: false
            }
        }
    }

    /// A check is in flight for the post, or the last one could not tell: the same write must wait.
    func writeIsUnsettled(site: String, postID: Int) -> Bool {
        if unverifiedWrites.contains(site: site, postID: postID) { return true }
        return ledger.entries.values.contains { entry -> Bool in
            switch entry.request {
            case .vote(let request, _): return request.site == site && request.postID == postID
            case .postState(let request): return request.site == site && request.postID == postID
            case .addComment(let request, _): return !request.preview && request.site == site && request.postID == postID
            default:
                if case .commentCheck(let request, _) = entry.purpose { return request.site == site && request.postID == postID }
                return false
            }
        }
    }

    /// Asks whether `request` landed; the post stays unsettled until the answer.
    mutating func checkVote(_ request: VoteRequest) -> [BrowserEffect] {
        unverifiedWrites.insert(site: request.site, postID: request.postID)
        state.lastError = nil
        state.notice = "\(Self.voteNoun(request)) may have landed — checking…"
        let check = PostStateRequest(site: request.site, postID: request.postID, isQuestion: request.isQuestion)
        return ledger.issue(.postState(check), lane: .user, purpose: .voteCheck(request), at: now).effects
    }

    /// Asks whether the comment `request` (sent at `sentAt`) was posted.
    mutating func checkComment(_ request: AddCommentRequest, sentAt: Date) -> [BrowserEffect] {
        unverifiedWrites.insert(site: request.site, postID: request.postID)
        if var editor = state.commentEditor, editor.site == request.site, editor.postID == request.postID {
            editor.phase = .checking
            editor.problem = nil
            state.commentEditor = editor
        }
        state.notice = "may have been posted — checking…"
        // A minute of slack for the two clocks; the post and the author narrow it down.
        let check = MyCommentsRequest(site: request.site, since: sentAt.addingTimeInterval(-60))
        return ledger.issue(.myComments(check), lane: .user, purpose: .commentCheck(request, sentAt: sentAt), at: now).effects
    }

    /// The post as the API has it now: the vote landed when the caller's vote is what it asked for.
    mutating func receiveVoteCheck(_ result: Result<PostVoteState, APIError>, vote: VoteRequest) -> [BrowserEffect] {
        let noun = Self.voteNoun(vote)
        switch result {
        case .failure(let error):
            // Still unknown: the post stays unsettled until a reload of the question shows its votes.
            state.notice = nil
            state.lastError = "could not check your \(noun): \(error.siteMessage) — r reloads the question"
            return []
        case .success(let post):
            unverifiedWrites.remove(site: vote.site, postID: vote.postID)
            applyVoteState(post, of: vote)
            let wanted = !vote.undo
            let now = switch vote.vote {
            case .upvote: post.upvoted
            case .downvote: post.downvoted
            case .favorite: post.favorited
            }
            state.lastError = nil
            state.notice = now == wanted
                ? "checked: " + Self.voteWords(vote.vote, undo: vote.undo, done: true)
                : "checked: your \(noun) did not land — press again to retry"
            return []
        }
    }

    /// The person's comments since the send: the comment was posted when one of them is on the post.
    mutating func receiveCommentCheck(
        _ result: Result<[PostComment], APIError>, comment request: AddCommentRequest, sentAt: Date
    ) -> [BrowserEffect] {
        let editorIsFor = state.commentEditor.map { $0.site == request.site && $0.postID == request.postID } ?? false
        switch result {
        case .failure(let error):
            if editorIsFor, var editor = state.commentEditor {
                editor.phase = .unverified(sentAt: sentAt)
                editor.problem = "could not check whether it was posted (\(error.siteMessage)) — Enter checks again"
                state.commentEditor = editor
            } else {
                state.lastError = "could not check whether your comment was posted: \(error.siteMessage)"
            }
            return []
        case .success(let comments):
            unverifiedWrites.remove(site: request.site, postID: request.postID)
            let slack = sentAt.addingTimeInterval(-60)
            if let posted = comments.first(where: { $0.postID == request.postID && $0.creationDate >= slack }) {
                if editorIsFor { state.commentEditor = nil }
                state.notice = "checked: your comment was posted"
                if var detail = state.detail, detail.site == request.site {
                    detail.comments.add(posted)
                    state.detail = detail
                }
                return features.commentDrafts ? [.write(.commentDraft(nil, site: request.site, postID: request.postID))] : []
            }
            if editorIsFor, var editor = state.commentEditor {
                editor.phase = .editing
                editor.problem = "checked: not posted — Enter sends it again"
                state.commentEditor = editor
            } else {
                state.notice = "checked: your comment was not posted — C offers the draft again"
            }
            return []
        }
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
