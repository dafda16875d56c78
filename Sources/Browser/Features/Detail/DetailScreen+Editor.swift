import Foundation
import StackExchange

/// The comment editor over the open question (`C`): a draft kept in the store, a preview, the post, and the site's
/// 5 seconds between comments on the model's clock.
extension DetailScreen {
    /// `C`: the editor for the current post, with its stored draft offered again.
    mutating func openCommentEditor(in context: inout ScreenContext) -> [BrowserEffect] {
        guard context.status.account.isSignedIn else {
            context.say(warning: "sign in to comment: stackterm login")
            return []
        }
        guard let detail, detail.loaded != nil, let post = currentPost(in: context) else { return [] }
        context.notice = nil
        editor = CommentEditorState(
            site: detail.site, questionID: detail.questionID, postID: post.postID, isQuestion: post.isQuestion,
            postName: postName(postID: post.postID, isQuestion: post.isQuestion, in: context))
        return context.features.commentDrafts ? [.read(.commentDraft(site: detail.site, postID: post.postID))] : []
    }

    /// The stored draft for the post being commented on fills an empty editor.
    mutating func receiveDraft(_ text: String?, site: String, postID: Int, in context: inout ScreenContext) {
        guard let text, !text.isEmpty, var editor, editor.site == site, editor.postID == postID, editor.text.isEmpty
        else { return }
        editor.text = text
        self.editor = editor
        context.notice = "your draft, kept from before"
    }

    /// Every key while the editor is open: Enter previews, `y` posts what the preview showed, Esc steps back
    /// (from editing it closes, keeping the draft); other keys edit.
    mutating func handleEditorKey(_ key: Key, in context: inout ScreenContext) -> [BrowserEffect] {
        guard var editor else { return [] }
        switch (editor.phase, key) {
        case (.editing, .escape):
            self.editor = nil
            context.notice = editor.text.isEmpty ? nil : "draft kept: C offers it again"
            return []
        case (.editing, .enter) where writeIsUnsettled(site: editor.site, postID: editor.postID, in: context):
            editor.problem = "still checking whether your last comment here was posted"
            self.editor = editor
            return []
        case (.editing, .enter):
            guard editor.isSendable else {
                editor.problem = "a comment is \(CommentEditorState.length.lowerBound) to "
                    + "\(CommentEditorState.length.upperBound) characters, not \(editor.count)"
                self.editor = editor
                return []
            }
            editor.problem = nil
            return readClockThenSend(&editor, preview: true, in: &context)
        case (.editing, _):
            guard editor.edit(key) else { return [] }
            self.editor = editor
            return context.features.commentDrafts ? [.write(.commentDraft(editor.text, site: editor.site, postID: editor.postID))] : []
        case (.confirming, .character("y")):
            return readClockThenSend(&editor, preview: false, in: &context)
        case (.unverified(let sentAt), .enter):
            let request = AddCommentRequest(site: editor.site, postID: editor.postID, body: editor.text, preview: false)
            return checkComment(request, sentAt: sentAt, in: &context)
        case (.posting, .escape):
            // The post may be on the server already: stop waiting, and ask what became of it.
            return abandonWritesInFlight(in: &context)
        case (.checking, .escape), (.unverified, .escape):
            // The check goes on; its answer shows as a notice.
            self.editor = nil
            context.notice = "may have been posted — still checking…"
            return []
        case (.checking, _), (.unverified, _):
            return []
        case (_, .escape), (.confirming, .character("n")), (.confirming, .character("e")):
            editor.phase = .editing
            self.editor = editor
            return context.ledger.cancelAll { $0 == .commentPreview || $0 == .commentPost }
        default:
            return []
        }
    }

    /// Enter or `y`: first asks the data file when any stackterm last sent a comment to the site (another
    /// process, or this one before a relaunch), then sends as `sendComment` does.
    mutating func readClockThenSend(
        _ editor: inout CommentEditorState, preview: Bool, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard context.features.commentClock else { return sendComment(&editor, preview: preview, in: &context) }
        editor.phase = .readingClock(preview: preview)
        self.editor = editor
        return [.read(.commentClock(site: editor.site))]
    }

    /// The data file's comment clock: the later of it and this run's own counts.
    mutating func receiveCommentClock(_ date: Date?, site: String, in context: inout ScreenContext) -> [BrowserEffect] {
        if let date, date > (lastCommentPostedAt ?? .distantPast) { lastCommentPostedAt = date }
        guard var editor, editor.site == site, case .readingClock(let preview) = editor.phase else { return [] }
        return sendComment(&editor, preview: preview, in: &context)
    }

    /// Enter (`preview`) or `y`: sends the preview or the comment now, or when the 5-second rule allows (a
    /// countdown on the model's clock).
    mutating func sendComment(_ editor: inout CommentEditorState, preview: Bool, in context: inout ScreenContext) -> [BrowserEffect] {
        let now = context.now
        if let due = commentAllowedAt, now < due {
            editor.phase = .waiting(until: due, preview: preview)
            self.editor = editor
            return [.wake(after: due.timeIntervalSince(now))]
        }
        editor.phase = preview ? .previewing : .posting
        self.editor = editor
        guard !preview else { return issueComment(editor, preview: true, in: &context) }
        // The clock starts when the comment is sent, whatever comes back: an answer that never comes may still
        // mean a comment on the server. Recorded before it goes, for every stackterm.
        lastCommentPostedAt = now
        let clock: [BrowserEffect] = context.features.commentClock ? [.write(.commentSent(site: editor.site, at: now))] : []
        return clock + issueComment(editor, preview: false, in: &context)
    }

    /// When the next comment may go: 5 seconds after the last this run posted.
    var commentAllowedAt: Date? {
        lastCommentPostedAt?.addingTimeInterval(CommentEditorState.secondsBetweenComments)
    }

    /// Time passed: a preview or post waiting out the 5-second rule goes when its time comes.
    mutating func postDueComment(in context: inout ScreenContext) -> [BrowserEffect] {
        guard var editor, case .waiting(let until, let preview) = editor.phase, context.now >= until else { return [] }
        return sendComment(&editor, preview: preview, in: &context)
    }

    /// True while the editor counts the 5-second rule down (the status redraws every tick).
    var isCommentCountingDown: Bool {
        if case .waiting = editor?.phase { return true }
        return false
    }

    private func issueComment(_ editor: CommentEditorState, preview: Bool, in context: inout ScreenContext) -> [BrowserEffect] {
        let request = AddCommentRequest(site: editor.site, postID: editor.postID, body: editor.text, preview: preview)
        return context.ledger.issue(.addComment(request, questionID: editor.questionID), lane: .user,
                                    purpose: preview ? .commentPreview : .commentPost, at: context.now).effects
    }

    /// The preview's rendering (then `y` confirms), or the posted comment (the editor closes, the draft goes).
    mutating func receiveComment(
        _ result: Result<PostComment, APIError>, entry: RequestLedger.Entry, in context: inout ScreenContext
    ) -> [BrowserEffect] {
        guard let request = entry.request.as(BrowserRequest.AddComment.self)?.request, var editor,
              editor.postID == request.postID, editor.site == request.site
        else { return [] }
        let now = context.now
        switch result {
        case .failure(let error) where !request.preview && error.leavesWriteOutcomeUnknown:
            // Sent, and no answer: it may have been posted. Never shown as failed, never sent again unchecked.
            return checkComment(request, sentAt: entry.sentAt, in: &context)
        case .failure(let error):
            editor.phase = .editing
            editor.problem = error.siteMessage
            self.editor = editor
            return []
        case .success(let comment) where request.preview:
            editor.phase = .confirming(rendered: comment.body ?? request.body)
            self.editor = editor
            return []
        case .success(let comment):
            self.editor = nil
            context.notice = "comment posted on \(editor.postName)"
            // The site counts its 5 seconds from when it took the comment, a little after it was sent: the answer
            // is the latest that can be, so the clock moves there (here and in the data file).
            lastCommentPostedAt = max(lastCommentPostedAt ?? now, now)
            var recorded: [BrowserEffect] = context.features.commentClock ? [.write(.commentSent(site: request.site, at: now))] : []
            if var detail, detail.site == request.site {
                detail.comments.add(comment)
                self.detail = detail
            }
            if context.features.commentDrafts {
                recorded.append(.write(.commentDraft(nil, site: request.site, postID: request.postID)))
            }
            return recorded
        }
    }
}
