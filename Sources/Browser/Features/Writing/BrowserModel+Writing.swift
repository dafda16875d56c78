import Foundation
import StackExchange
import StorePorts

/// Writing through the model: `A` on a question answers it, `e` edits the current post when it is the person's own,
/// `A` on the list asks a question on its site, `D` shows the drafts. The model opens the writing screen
/// (`WritingState`, `Screen.writing`) and the drafts screen (`DraftsScreen`, `Screen.drafts`), runs the editor
/// through the runner (`BrowserEffect.compose`), and carries out what the writing screen asks (a post that landed
/// shows in the detail view).
extension BrowserModel {
    /// The writing keys of the list and the detail; nil for any other action.
    mutating func performWriting(_ action: Action) -> [BrowserEffect]? {
        switch (state.actionScreen, action) {
        case (.writing, _):
            guard state.writing != nil else { state.stack.remove(.writing); return [] }
            return carryOut(inWritingReply { $0.perform(action, in: &$1) })
        case (.drafts, _): return performInDrafts(action)
        case (.detail, .answer): return startAnswer()
        case (.detail, .edit): return startEdit()
        case (.list, .ask): return startAsk()
        case (.list, .drafts): return openDrafts()
        default: return nil
        }
    }

    /// Lends the writing screen's state to `body`, when it shows; its reply carried out.
    mutating func inWriting(_ body: (inout WritingState, inout ScreenContext) -> ScreenReply) -> [BrowserEffect] {
        carryOut(inWritingReply(body))
    }

    private mutating func inWritingReply(_ body: (inout WritingState, inout ScreenContext) -> ScreenReply) -> ScreenReply {
        guard state.writing != nil else { return ScreenReply() }
        return withScreen(\.writing) { writing, context in body(&writing!, &context) }
    }

    /// Why writing cannot start, said; nil when it can.
    private mutating func refuseWriting() -> Bool {
        guard state.account.isSignedIn, features.writing else {
            context.say(warning: features.writing || !state.account.isSignedIn
                ? "sign in to write: stackterm login (it asks for the write_access scope)"
                : "writing is off in this run")
            return true
        }
        if let writing = state.writing, writing.isWaiting {
            context.say(warning: "still sending your last text: wait for the site's answer")
            return true
        }
        return false
    }

    /// `A` on a question: its answer, in the editor (a kept draft offered first).
    mutating func startAnswer() -> [BrowserEffect] {
        guard !refuseWriting(), let detail = state.detail, let question = detail.loaded?.question else { return [] }
        return startWriting(WritingState(site: detail.site, target: .answer(questionID: question.questionID),
                                         questionTitle: question.title, questionLink: question.link, phase: .editing),
                            question: question)
    }

    /// `e` on one's own post: its edit (a question's title and tags too).
    mutating func startEdit() -> [BrowserEffect] {
        guard !refuseWriting(), let detail = state.detail, let loaded = detail.loaded, let post = currentPost else { return [] }
        let owner = post.isQuestion ? loaded.question.owner : loaded.answers.first { $0.answerID == post.postID }?.owner
        guard let me = configuration.signedInUserID, owner?.userID == me else {
            context.say(warning: "only your own posts can be edited here (o opens the post on the site)")
            return []
        }
        let target: WriteTarget = post.isQuestion ? .editQuestion(questionID: post.postID) : .editAnswer(answerID: post.postID)
        return startWriting(WritingState(site: detail.site, target: target, questionTitle: loaded.question.title,
                                         questionLink: loaded.question.link, phase: .editing),
                            question: loaded.question)
    }

    /// `A` on the list: a question on the list's site.
    mutating func startAsk() -> [BrowserEffect] {
        guard !refuseWriting() else { return [] }
        return startWriting(WritingState(site: state.list.query.site, target: .question, phase: .editing), question: nil)
    }

    /// Opens the writing screen for `writing`'s target; the kept draft is read first.
    private mutating func startWriting(_ writing: WritingState, question: Question?) -> [BrowserEffect] {
        var writing = writing
        writing.question = question
        state.writing = writing
        state.stack.push(.writing)
        return [.read(.writeFilter), .read(.editorDraft(site: writing.site, target: writing.target))]
    }

    /// The kept draft of the target being started: offered back, else the editor opens on a fresh file.
    mutating func receiveEditorDraft(_ draft: EditorDraft?, site: String, target: WriteTarget) -> [BrowserEffect] {
        guard let writing = state.writing, writing.site == site, writing.target == target, writing.phase == .editing,
              writing.submission == nil else { return [] }
        if let draft {
            state.writing?.phase = .draftOffered(draft)
            context.notice = "draft of \(WritingView.spelledAge(draft.updatedAt, now: now)): e edit it, d discard"
            return []
        }
        return withScreen(\.writing) { writing, context in writing!.begin(in: &context) }
    }

    /// The editor returned: its text goes on (checks, preview), or the screen closes with what happened said.
    mutating func receiveComposed(_ job: EditorJob, outcome: EditorSessionOutcome) -> [BrowserEffect] {
        let drafts = state.stack.top == .drafts || state.stack.contains(.drafts)
        if state.writing == nil || state.writing?.site != job.site || state.writing?.target != job.target {
            // The drafts screen's Enter: the writing screen opens for the draft.
            state.writing = WritingState(site: job.site, target: job.target, phase: .editing)
            state.stack.push(.writing)
        }
        switch outcome {
        case .written(let submission, let text, let note):
            if let note { context.say(warning: note) }
            let effects = inWriting { $0.receiveText(submission, text: text, in: &$1) }
            return effects + (drafts ? [.read(.editorDrafts)] : [])
        case .cancelled(let message):
            if let text = state.writing?.text, state.writing?.submission != nil, !text.isEmpty {
                // Edited again and left as it was: the text stands, back to where it was.
                state.writing?.phase = .refused([message])
                return []
            }
            state.writing = nil
            state.stack.remove(.writing)
            context.notice = message
            return []
        case .failed(let message):
            state.writing = nil
            state.stack.remove(.writing)
            context.say(warning: message)
            return drafts ? [.read(.editorDrafts)] : []
        }
    }

    /// The write landed (or was found on the site): the drafts list forgets it, and the post shows: an answer or an
    /// edit in its question, reloaded; a new question opened.
    // Not optimized: the release build's optimizer crashes on this function (CopyPropagation's ownership check, Swift
    // 6.3.1, however it is written); it runs once a post, so nothing is lost.
    @_optimize(none)
    mutating func showLanded(_ post: WrittenPost, site: String, target: WriteTarget) -> [BrowserEffect] {
        state.writing = nil
        state.stack.remove(.writing)
        if case .question = target { return openDetail(post.asQuestion, site: site) }
        guard let detail = state.detail else { return [] }
        if case .answer(let questionID) = target, detail.questionID != questionID || detail.site != site { return [] }
        context.ledger.forgetAnswer(BrowserRequest.detail(site: detail.site, questionID: detail.questionID))
        let notice = context.notice
        let effects = reloadDetail()
        context.notice = notice
        return effects
    }

    /// `D` on the list: the drafts, newest first.
    mutating func openDrafts() -> [BrowserEffect] {
        state.drafts = DraftsScreen()
        state.stack.push(.drafts)
        return [.read(.editorDrafts)]
    }

    /// The drafts kept, for the drafts screen.
    mutating func receiveEditorDrafts(_ drafts: [EditorDraft]) {
        state.drafts.drafts = drafts
        state.drafts.keepSelectionVisible(height: max(1, bodyHeight - 2))
    }

    /// The drafts screen's keys.
    mutating func performInDrafts(_ action: Action) -> [BrowserEffect] {
        switch withScreen(\.drafts, { $0.perform(action, in: &$1) }) {
        case .none: return []
        case .close:
            state.stack.remove(.drafts)
            return []
        case .discard(let draft):
            return [.forgetEditorDraft(site: draft.site, target: draft.target)]
        case .open(let draft):
            guard !refuseWriting() else { return [] }
            var writing = WritingState(site: draft.site, target: draft.target, phase: .editing)
                writing.text = draft.text
            if case .editQuestion = draft.target { writing.editBase = draft.updatedAt }
            if case .editAnswer = draft.target { writing.editBase = draft.updatedAt }
            state.writing = writing
            state.stack.push(.writing)
            return [.read(.writeFilter),
                    .compose(EditorJob(site: draft.site, target: draft.target, text: draft.text, fromDraft: true))]
        }
    }

    /// The filter the writes are read with, as the store keeps it (nil: not made yet; `withbody` serves meanwhile).
    mutating func receiveWriteFilter(_ filter: String?) {
        if let filter { state.writing?.filter = filter }
    }

    /// The edit summary typed in the prompt.
    mutating func applyEditSummary(_ text: String) -> [BrowserEffect] {
        inWriting { $0.receiveEditSummary(text, in: &$1) }
    }
}
