import Foundation
import StackExchange

extension BrowserModel {
    /// `C`: the comment editor for the current post, with its stored draft offered again.
    mutating func openCommentEditor() -> [BrowserEffect] {
        guard state.account.isSignedIn else {
            state.say(warning: "sign in to comment: stackterm login")
            return []
        }
        guard let detail = state.detail, detail.loaded != nil, let post = currentPost else { return [] }
        state.notice = nil
        state.commentEditor = CommentEditorState(
            site: detail.site, questionID: detail.questionID, postID: post.postID, isQuestion: post.isQuestion)
        return features.commentDrafts ? [.read(.commentDraft(site: detail.site, postID: post.postID))] : []
    }

    /// The stored draft for the post being commented on fills an empty editor.
    mutating func receiveDraft(_ text: String?, site: String, postID: Int) -> [BrowserEffect] {
        guard let text, !text.isEmpty, var editor = state.commentEditor, editor.site == site, editor.postID == postID,
              editor.text.isEmpty
        else { return [] }
        editor.text = text
        state.commentEditor = editor
        state.notice = "your draft, kept from before"
        return []
    }

    /// Every key while the editor is open: Enter previews, `y` posts what the preview showed, Esc steps back
    /// (from editing it closes, keeping the draft); other keys edit.
    mutating func handleCommentEditorKey(_ key: Key) -> [BrowserEffect] {
        guard var editor = state.commentEditor else { return [] }
        switch (editor.phase, key) {
        case (.editing, .escape):
            state.commentEditor = nil
            state.notice = editor.text.isEmpty ? nil : "draft kept: C offers it again"
            return []
        case (.editing, .enter):
            guard editor.isSendable else {
                editor.problem = "a comment is \(CommentEditorState.length.lowerBound) to "
                    + "\(CommentEditorState.length.upperBound) characters, not \(editor.count)"
                state.commentEditor = editor
                return []
            }
            editor.problem = nil
            return sendComment(&editor, preview: true)
        case (.editing, _):
            guard editor.edit(key) else { return [] }
            state.commentEditor = editor
            return features.commentDrafts ? [.write(.commentDraft(editor.text, site: editor.site, postID: editor.postID))] : []
        case (.confirming, .character("y")):
            return sendComment(&editor, preview: false)
        case (_, .escape), (.confirming, .character("n")), (.confirming, .character("e")):
            editor.phase = .editing
            state.commentEditor = editor
            return ledger.cancelAll { $0 == .commentPreview || $0 == .commentPost }
        default:
            return []
        }
    }

    /// Enter (`preview`) or `y`: sends the preview or the comment now, or when the 5-second rule allows (a
    /// countdown on the model's clock).
    mutating func sendComment(_ editor: inout CommentEditorState, preview: Bool) -> [BrowserEffect] {
        if let due = commentAllowedAt, now < due {
            editor.phase = .waiting(until: due, preview: preview)
            state.commentEditor = editor
            return [.wake(after: due.timeIntervalSince(now))]
        }
        editor.phase = preview ? .previewing : .posting
        state.commentEditor = editor
        return [issueComment(editor, preview: preview)]
    }

    /// When the next comment may go: 5 seconds after the last this run posted.
    var commentAllowedAt: Date? {
        lastCommentPostedAt?.addingTimeInterval(CommentEditorState.secondsBetweenComments)
    }

    /// Time passed: a preview or post waiting out the 5-second rule goes when its time comes.
    mutating func postDueComment() -> [BrowserEffect] {
        guard var editor = state.commentEditor, case .waiting(let until, let preview) = editor.phase, now >= until else {
            return []
        }
        return sendComment(&editor, preview: preview)
    }

    /// True while the editor counts the 5-second rule down (the status redraws every tick).
    var isCommentCountingDown: Bool {
        if case .waiting = state.commentEditor?.phase { return true }
        return false
    }

    private mutating func issueComment(_ editor: CommentEditorState, preview: Bool) -> BrowserEffect {
        let request = AddCommentRequest(site: editor.site, postID: editor.postID, body: editor.text, preview: preview)
        return ledger.issue(.addComment(request, questionID: editor.questionID), lane: .user,
                            purpose: preview ? .commentPreview : .commentPost, at: now).1
    }

    /// The preview's rendering (then `y` confirms), or the posted comment (the editor closes, the draft goes).
    mutating func receiveComment(_ result: Result<PostComment, APIError>, entry: RequestLedger.Entry) -> [BrowserEffect] {
        guard case .addComment(let request, _) = entry.request, var editor = state.commentEditor,
              editor.postID == request.postID, editor.site == request.site
        else { return [] }
        switch result {
        case .failure(let error):
            editor.phase = .editing
            editor.problem = error.siteMessage
            state.commentEditor = editor
            return []
        case .success(let comment) where request.preview:
            editor.phase = .confirming(rendered: comment.body ?? request.body)
            state.commentEditor = editor
            return []
        case .success(let comment):
            state.commentEditor = nil
            lastCommentPostedAt = now
            state.notice = "comment posted"
            if var detail = state.detail, detail.site == request.site {
                detail.comments.add(comment)
                state.detail = detail
            }
            return features.commentDrafts ? [.write(.commentDraft(nil, site: request.site, postID: request.postID))] : []
        }
    }
}
